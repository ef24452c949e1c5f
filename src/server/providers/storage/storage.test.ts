import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeS3 } from '../../test/fake-s3';
import { PDF_BYTES } from '../../test/files';
import { createStorage } from './create-storage';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';

const creds = {
  accessKeyId: 'AKIATESTKEY',
  secretAccessKey: 'fake-secret-key-for-tests',
  region: 'us-east-1',
};

describe('local disk storage', () => {
  const dir = mkdtempSync(join(tmpdir(), 'shineroute-storage-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('puts, gets and deletes a file under its key', async () => {
    const storage = createLocalStorage(dir);
    await storage.put('user-1/government_id_1700000000000.pdf', PDF_BYTES, 'application/pdf');
    expect(readdirSync(join(dir, 'user-1'))).toContain('government_id_1700000000000.pdf');
    const file = await storage.get('user-1/government_id_1700000000000.pdf');
    expect(file).toMatchObject({ contentType: 'application/pdf', size: PDF_BYTES.byteLength });
    await storage.delete('user-1/government_id_1700000000000.pdf');
    expect(await storage.get('user-1/government_id_1700000000000.pdf')).toBeNull();
  });

  it('refuses keys that would leave its directory', async () => {
    const storage = createLocalStorage(dir);
    for (const key of ['../escape.pdf', 'a/../../escape.pdf', '/etc/passwd', 'a//b.pdf', '']) {
      await expect(storage.put(key, PDF_BYTES, 'application/pdf'), key).rejects.toThrow('Unsafe storage key');
    }
  });

  it('is the default; S3 when a bucket is configured', () => {
    expect(createStorage({ dataDir: dir }).kind).toBe('local');
    expect(
      createStorage({ dataDir: dir, s3: { bucket: 'b', region: 'us-east-1', forcePathStyle: true } }).kind,
    ).toBe('s3');
  });
});

const s3 = await startFakeS3(creds);
afterAll(() => s3.close());
const { createTestContext } = await import('../../test/harness');

describe('S3-compatible storage against a local fake S3', () => {
  const config = {
    bucket: 'docs',
    region: creds.region,
    endpoint: s3.endpoint,
    forcePathStyle: true,
    prefix: 'verification-docs',
  };

  it('signs its requests (SigV4) and round-trips a private object', async () => {
    const storage = createS3Storage({
      ...config,
      accessKeyId: creds.accessKeyId,
      secretAccessKey: creds.secretAccessKey,
    });
    const key = 'user-1/insurance_certificate_1700000000000.pdf';
    await storage.put(key, PDF_BYTES, 'application/pdf');
    expect([...s3.objects.keys()]).toContain(
      '/docs/verification-docs/user-1/insurance_certificate_1700000000000.pdf',
    );
    const file = await storage.get(key);
    expect(file!.contentType).toBe('application/pdf');
    expect(Buffer.from(file!.body).equals(Buffer.from(PDF_BYTES))).toBe(true);
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    expect(s3.requests.every((r) => r.signed)).toBe(true);
    expect(s3.requests.map((r) => r.method)).toEqual(['PUT', 'GET', 'DELETE', 'GET']);
  });

  it('fails when the signature is wrong', async () => {
    const storage = createS3Storage({
      ...config,
      accessKeyId: creds.accessKeyId,
      secretAccessKey: 'not-the-secret',
    });
    await expect(storage.put('user-1/x_1.pdf', PDF_BYTES, 'application/pdf')).rejects.toThrow();
    expect(s3.requests.at(-1)).toMatchObject({ method: 'PUT', signed: false });
    expect(s3.objects.has('/docs/verification-docs/user-1/x_1.pdf')).toBe(false);
  });
});

const t = await createTestContext({
  storage: createS3Storage({
    bucket: 'docs',
    region: creds.region,
    endpoint: s3.endpoint,
    forcePathStyle: true,
    accessKeyId: creds.accessKeyId,
    secretAccessKey: creds.secretAccessKey,
  }),
});

describe('uploads through the app on S3', () => {
  it('stores the document in the bucket and serves it back to its owner', async () => {
    const owner = await t.signUp();
    const form = new FormData();
    form.set('documentType', 'government_id');
    form.set('file', new File([PDF_BYTES as Uint8Array<ArrayBuffer>], 'id.pdf'));
    const res = await t.request('/api/verification/documents', {
      method: 'POST',
      body: form,
      cookie: owner.cookie,
    });
    expect(res.status).toBe(201);
    const doc = await res.json();
    const stored = [...s3.objects.keys()].filter((k) => k.includes(owner.userId));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatch(new RegExp(`^/docs/${owner.userId}/government_id_\\d+\\.pdf$`));
    const file = await t.request(doc.documentUrl, { cookie: owner.cookie });
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.from(PDF_BYTES))).toBe(true);
  });
});
