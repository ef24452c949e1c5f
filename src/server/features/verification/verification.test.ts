import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { businessVerifications, profiles, verificationDocuments } from '../../db/schema';
import { exeBytes, JPEG_BYTES, PDF_BYTES, PNG_BYTES, pdfOfSize } from '../../test/files';
import { createTestContext } from '../../test/harness';

const t = await createTestContext();
type Owner = Awaited<ReturnType<typeof t.signUp>>;

function upload(
  owner: Owner | null,
  file: { bytes: Uint8Array; name: string },
  fields: Record<string, string> = { documentType: 'government_id' },
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set('file', new File([file.bytes as Uint8Array<ArrayBuffer>], file.name));
  return t.request('/api/verification/documents', { method: 'POST', body: form, cookie: owner?.cookie });
}

const isoDay = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

describe('document upload', () => {
  it('answers 401 when signed out', async () => {
    expect((await upload(null, { bytes: PDF_BYTES, name: 'id.pdf' })).status).toBe(401);
    expect((await t.request('/api/verification')).status).toBe(401);
  });

  it('stores a PDF privately at {userId}/{documentType}_{timestamp}.pdf and opens a pending review once', async () => {
    const owner = await t.signUp();
    const before = Date.now();
    const res = await upload(
      owner,
      { bytes: PDF_BYTES, name: 'My License.PDF' },
      { documentType: 'business_license' },
    );
    expect(res.status).toBe(201);
    const doc = await res.json();
    expect(doc).toMatchObject({
      documentType: 'business_license',
      documentName: 'My License.PDF',
      fileSize: PDF_BYTES.byteLength,
      mimeType: 'application/pdf',
      verificationStatus: 'pending',
      expiryDate: null,
      documentUrl: `/api/verification/documents/${doc.id}/file`,
    });
    const [row] = await t.db.select().from(verificationDocuments).where(eq(verificationDocuments.id, doc.id));
    const match = row!.storagePath.match(new RegExp(`^${owner.userId}/business_license_(\\d+)\\.pdf$`));
    expect(match).not.toBeNull();
    expect(Number(match![1])).toBeGreaterThanOrEqual(before);
    const stored = await t.storage.get(row!.storagePath);
    expect(Buffer.from(stored!.body).equals(Buffer.from(PDF_BYTES))).toBe(true);

    await upload(owner, { bytes: PNG_BYTES, name: 'id.png' });
    await upload(owner, { bytes: JPEG_BYTES, name: 'reg.jpeg' }, { documentType: 'business_registration' });
    const reviews = await t.db
      .select()
      .from(businessVerifications)
      .where(eq(businessVerifications.businessId, owner.userId));
    expect(reviews).toHaveLength(1);
    expect(reviews[0]!.verificationStatus).toBe('pending');

    const body = await (await t.request('/api/verification', { cookie: owner.cookie })).json();
    expect(body.verification).toMatchObject({ verificationStatus: 'pending', rejectionReason: null });
    expect(
      body.documents.map((d: { documentType: string; mimeType: string }) => [d.documentType, d.mimeType]),
    ).toEqual([
      ['business_registration', 'image/jpeg'],
      ['government_id', 'image/png'],
      ['business_license', 'application/pdf'],
    ]);
  });

  it('answers 413 for an 11 MB file', async () => {
    const owner = await t.signUp();
    const res = await upload(owner, { bytes: pdfOfSize(11 * 1024 * 1024), name: 'big.pdf' });
    expect(res.status).toBe(413);
    expect((await res.json()).error.message).toBe('File is too large. The maximum size is 10MB.');
    expect(
      await t.db
        .select()
        .from(verificationDocuments)
        .where(eq(verificationDocuments.businessId, owner.userId)),
    ).toEqual([]);
  });

  it('accepts a file of exactly 10 MB and refuses one byte more', async () => {
    const owner = await t.signUp();
    expect((await upload(owner, { bytes: pdfOfSize(10 * 1024 * 1024), name: 'max.pdf' })).status).toBe(201);
    const over = await upload(owner, { bytes: pdfOfSize(10 * 1024 * 1024 + 1), name: 'over.pdf' });
    expect(over.status).toBe(413);
  });

  it.each([
    [
      'an .exe renamed .pdf',
      exeBytes(),
      'invoice.pdf',
      'Unsupported file type. Please upload a PDF, JPG or PNG file.',
    ],
    [
      'a text file renamed .pdf',
      new TextEncoder().encode('just text'),
      'notes.pdf',
      'Unsupported file type. Please upload a PDF, JPG or PNG file.',
    ],
    [
      'a real PDF named .exe',
      PDF_BYTES,
      'doc.exe',
      'Unsupported file type. Please upload a PDF, JPG or PNG file.',
    ],
    [
      'a PNG named .pdf',
      PNG_BYTES,
      'scan.pdf',
      "The file's content does not match its name. Please upload a real PDF, JPG or PNG file.",
    ],
    [
      'an empty file',
      new Uint8Array(0),
      'empty.pdf',
      'Unsupported file type. Please upload a PDF, JPG or PNG file.',
    ],
  ])('answers 415 for %s', async (_label, bytes, name, message) => {
    const owner = await t.signUp();
    const res = await upload(owner, { bytes, name });
    expect(res.status).toBe(415);
    expect((await res.json()).error.message).toBe(message);
  });

  it.each([
    [{ documentType: 'passport' }, 'Please choose a document type'],
    [{}, 'Please choose a document type'],
    [{ documentType: 'insurance_certificate' }, 'Please enter the expiry date of your insurance'],
    [{ documentType: 'insurance_certificate', expiryDate: '2030-02-30' }, 'Please enter a valid expiry date'],
  ])('validates the form %j', async (fields, message) => {
    const owner = await t.signUp();
    const res = await upload(owner, { bytes: PDF_BYTES, name: 'x.pdf' }, fields);
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe(message);
  });

  it('asks for a file', async () => {
    const owner = await t.signUp();
    const form = new FormData();
    form.set('documentType', 'government_id');
    const res = await t.request('/api/verification/documents', {
      method: 'POST',
      body: form,
      cookie: owner.cookie,
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe('Please choose a file to upload');
  });
});

describe('document files', () => {
  it('serves the file to its owner and to admins only; another owner gets 404', async () => {
    const owner = await t.signUp();
    const other = await t.signUp();
    const admin = await t.createAdmin();
    const doc = await (await upload(owner, { bytes: PDF_BYTES, name: 'id.pdf' })).json();

    const own = await t.request(doc.documentUrl, { cookie: owner.cookie });
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('application/pdf');
    expect(own.headers.get('cache-control')).toBe('private, no-store');
    expect(own.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await own.arrayBuffer()).equals(Buffer.from(PDF_BYTES))).toBe(true);

    const theirs = await t.request(doc.documentUrl, { cookie: other.cookie });
    expect(theirs.status).toBe(404);
    expect((await theirs.json()).error.message).toBe('Document not found');
    expect((await t.request(doc.documentUrl)).status).toBe(401);
    expect((await t.request(doc.documentUrl, { cookie: admin.cookie })).status).toBe(200);
    expect(
      (
        await t.request('/api/verification/documents/00000000-0000-4000-8000-000000000000/file', {
          cookie: owner.cookie,
        })
      ).status,
    ).toBe(404);
  });
});

describe('admin review', () => {
  it('refuses non-admins with 403 on every review endpoint', async () => {
    const owner = await t.signUp();
    await upload(owner, { bytes: PDF_BYTES, name: 'id.pdf' });
    const calls: Array<[string, RequestInit & { json?: unknown }]> = [
      ['/api/admin/verifications', {}],
      [`/api/admin/verifications/${owner.userId}/approve`, { method: 'POST' }],
      [`/api/admin/verifications/${owner.userId}/reject`, { method: 'POST', json: { reason: 'no' } }],
      ['/api/admin/outbox', {}],
    ];
    for (const [path, init] of calls) {
      const res = await t.request(path, { ...init, cookie: owner.cookie });
      expect(res.status, path).toBe(403);
      expect((await t.request(path, init)).status, path).toBe(401);
    }
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, owner.userId));
    expect(profile!.verificationStatus).toBe('pending');
  });

  it('lists pending businesses with their documents; approving verifies the business and emails the owner', async () => {
    const admin = await t.createAdmin();
    const owner = await t.signUp({ firstName: 'Maya' });
    await t.db.update(profiles).set({ businessName: 'Maya Shine' }).where(eq(profiles.id, owner.userId));
    await upload(owner, { bytes: PDF_BYTES, name: 'id.pdf' });

    const queue = await (await t.request('/api/admin/verifications', { cookie: admin.cookie })).json();
    const entry = queue.items.find((r: { businessId: string }) => r.businessId === owner.userId);
    expect(entry).toMatchObject({
      businessName: 'Maya Shine',
      ownerName: 'Maya Owner',
      email: owner.email,
      verificationStatus: 'pending',
    });
    expect(entry.documents).toHaveLength(1);

    for (const action of ['approve', 'reject']) {
      const malformed = await t.request(`/api/admin/verifications/not-a-uuid/${action}`, {
        method: 'POST',
        cookie: admin.cookie,
        json: { reason: 'Blurry' },
      });
      expect(malformed.status).toBe(404);
      expect((await malformed.json()).error.message).toBe('Verification request not found');
    }

    const res = await t.request(`/api/admin/verifications/${owner.userId}/approve`, {
      method: 'POST',
      cookie: admin.cookie,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      businessId: owner.userId,
      verificationStatus: 'verified',
      rejectionReason: null,
    });

    const dashboard = await (await t.request('/api/dashboard', { cookie: owner.cookie })).json();
    expect(dashboard.profile.verificationStatus).toBe('verified');
    const mine = await (await t.request('/api/verification', { cookie: owner.cookie })).json();
    expect(mine.verification.verificationStatus).toBe('verified');
    expect(mine.documents[0].verificationStatus).toBe('verified');
    const [mail] = await t
      .emailsTo(owner.email)
      .then((m) => m.filter((x) => x.subject?.includes('verified')));
    expect(mail!.subject).toBe('Your business is verified on ShineRoute');
    expect(mail!.body).toContain('Maya Shine is now verified');

    const pendingNow = await (await t.request('/api/admin/verifications', { cookie: admin.cookie })).json();
    expect(pendingNow.items.map((r: { businessId: string }) => r.businessId)).not.toContain(owner.userId);
  });

  it('rejects with a reason that the owner sees and is emailed; a new upload re-opens the review', async () => {
    const admin = await t.createAdmin();
    const owner = await t.signUp();
    await upload(owner, { bytes: PDF_BYTES, name: 'id.pdf' });
    const empty = await t.request(`/api/admin/verifications/${owner.userId}/reject`, {
      method: 'POST',
      cookie: admin.cookie,
      json: { reason: '  ' },
    });
    expect(empty.status).toBe(400);
    expect((await empty.json()).error.message).toBe('Please enter a reason for the rejection');

    const reason = 'The ID photo is unreadable';
    const res = await t.request(`/api/admin/verifications/${owner.userId}/reject`, {
      method: 'POST',
      cookie: admin.cookie,
      json: { reason },
    });
    expect(res.status).toBe(200);
    const mine = await (await t.request('/api/verification', { cookie: owner.cookie })).json();
    expect(mine.verification).toMatchObject({ verificationStatus: 'rejected', rejectionReason: reason });
    const dashboard = await (await t.request('/api/dashboard', { cookie: owner.cookie })).json();
    expect(dashboard.profile.verificationStatus).toBe('rejected');
    const mails = await t.emailsTo(owner.email);
    expect(mails.find((m) => m.subject === 'Your ShineRoute verification needs attention')!.body).toContain(
      `Reason: ${reason}`,
    );

    await upload(owner, { bytes: PNG_BYTES, name: 'id-again.png' });
    const reopened = await (await t.request('/api/verification', { cookie: owner.cookie })).json();
    expect(reopened.verification.verificationStatus).toBe('pending');
    expect(reopened.documents.map((d: { verificationStatus: string }) => d.verificationStatus)).toEqual([
      'pending',
      'rejected',
    ]);
  });

  it('answers 404 for a business without a review', async () => {
    const admin = await t.createAdmin();
    const owner = await t.signUp();
    const res = await t.request(`/api/admin/verifications/${owner.userId}/approve`, {
      method: 'POST',
      cookie: admin.cookie,
    });
    expect(res.status).toBe(404);
  });

  it('lets admins read the outbox', async () => {
    const admin = await t.createAdmin();
    const owner = await t.signUp();
    const res = await t.request(`/api/admin/outbox?to=${encodeURIComponent(owner.email.toUpperCase())}`, {
      cookie: admin.cookie,
    });
    expect(res.status).toBe(200);
    const { items: messages } = await res.json();
    expect(messages.map((m: { subject: string }) => m.subject)).toEqual(['Verify your ShineRoute email']);
  });
});

describe('insurance expiry on the dashboard', () => {
  it('shows the expiry when the latest certificate expires within 30 days', async () => {
    const owner = await t.signUp();
    const dash = async () =>
      (await (await t.request('/api/dashboard', { cookie: owner.cookie })).json()).insuranceExpiry;
    expect(await dash()).toBeNull();
    await upload(
      owner,
      { bytes: PDF_BYTES, name: 'coi.pdf' },
      { documentType: 'insurance_certificate', expiryDate: isoDay(45) },
    );
    expect(await dash()).toBeNull();
    await upload(
      owner,
      { bytes: PDF_BYTES, name: 'coi.pdf' },
      { documentType: 'insurance_certificate', expiryDate: isoDay(12) },
    );
    expect(await dash()).toEqual({ expiryDate: isoDay(12), daysLeft: 12 });
    const [doc] = await t.db
      .select()
      .from(verificationDocuments)
      .where(eq(verificationDocuments.businessId, owner.userId))
      .orderBy(verificationDocuments.createdAt);
    expect(doc!.expiryDate).toBe(isoDay(45));
    // A renewed certificate replaces the notice.
    await upload(
      owner,
      { bytes: PDF_BYTES, name: 'coi-2027.pdf' },
      { documentType: 'insurance_certificate', expiryDate: isoDay(365) },
    );
    expect(await dash()).toBeNull();
  });
});
