// The gallery's words (decision 1244), apart from its schemas so the booking page's first load carries no more.

export const GALLERY_TEXT = {
  notFound: 'Gallery not found',
  photoNotFound: 'Photo not found',
  consentLabel: 'You may show photos of my car on your public business page',
  consentHint:
    'Before and after photos only; no names, plates or addresses. You can change your mind any time.',
  consentRequired: 'The customer has not agreed to their photos being shown publicly',
  featured: 'Featured on your business page',
} as const;
