// Business verification (spec §2, §3, §5, §8, §9; docs/decisions/0205).

/** A business's verification state (profiles.verification_status, business_verifications). */
export const VERIFICATION_STATUSES = ['pending', 'verified', 'rejected'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

export const DOCUMENT_TYPES = [
  'government_id',
  'business_license',
  'insurance_certificate',
  'business_registration',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const DOCUMENT_TYPE_INFO: Record<DocumentType, { label: string; description: string }> = {
  government_id: { label: 'Government ID', description: "The owner's driver's license or passport" },
  business_license: {
    label: 'Business License',
    description: 'Your current city, county or state business license',
  },
  insurance_certificate: {
    label: 'Insurance Certificate',
    description: 'Certificate of general liability insurance (at least $1M coverage)',
  },
  business_registration: {
    label: 'Business Registration',
    description: 'LLC, corporation or DBA registration papers',
  },
};

/** §9: 10MB per file; enforced on the server (413). */
/** Where documents are uploaded: it skips the app's 1MB JSON body limit and gets its own (docs/decisions/0205). */
export const UPLOAD_PATH = '/api/verification/documents';
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const ACCEPTED_EXTENSIONS = ['.pdf', '.jpg', '.jpeg', '.png'] as const;
export const ACCEPT_ATTRIBUTE = ACCEPTED_EXTENSIONS.join(',');
/** Owners see a dashboard notice when their insurance expires within this many days. */
export const INSURANCE_WARNING_DAYS = 30;

export const VERIFICATION_REQUIREMENTS = [
  'A valid government-issued photo ID of the owner',
  'A current business license',
  'Liability insurance with at least $1M coverage',
  'Business registration documents (LLC, corporation or DBA)',
  'Files in PDF, JPG or PNG format, 10MB at most',
] as const;

export const VERIFICATION_STATUS_LABELS: Record<string, string> = {
  pending: 'Pending Review',
  verified: 'Verified',
  rejected: 'Rejected',
};
/** §4: anything other than the three statuses displays Unknown. */
export const verificationStatusLabel = (status: string | null | undefined) =>
  VERIFICATION_STATUS_LABELS[status ?? ''] ?? 'Unknown';

export const VERIFICATION_TEXT = {
  fetchFailed: 'Failed to fetch verification data',
  uploaded: 'Document uploaded successfully',
  tooLarge: 'File is too large. The maximum size is 10MB.',
  unsupported: 'Unsupported file type. Please upload a PDF, JPG or PNG file.',
  mismatch: "The file's content does not match its name. Please upload a real PDF, JPG or PNG file.",
  fileRequired: 'Please choose a file to upload',
  typeRequired: 'Please choose a document type',
  expiryRequired: 'Please enter the expiry date of your insurance',
  expiryInvalid: 'Please enter a valid expiry date',
  reasonRequired: 'Please enter a reason for the rejection',
  approved: 'Business verified',
  rejected: 'Verification rejected',
} as const;
