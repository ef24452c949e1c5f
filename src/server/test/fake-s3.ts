import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A tiny S3-compatible server for tests (path-style PUT/GET/DELETE of objects). It checks every request's
 * AWS Signature Version 4 against the secret it knows, the way S3 does, and answers 403 when it is wrong.
 */
export async function startFakeS3(credentials: {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}) {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const requests: Array<{ method: string; path: string; signed: boolean }> = [];

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', 'http://fake');
    const failure = verifySignature(req, body, credentials);
    requests.push({ method: req.method ?? '', path: url.pathname, signed: !failure });
    if (failure) return xmlError(res, 403, 'SignatureDoesNotMatch', failure);
    const key = decodeURIComponent(url.pathname);
    if (req.method === 'PUT') {
      objects.set(key, {
        body,
        contentType: String(req.headers['content-type'] ?? 'application/octet-stream'),
      });
      res.writeHead(200, { ETag: `"${createHash('md5').update(body).digest('hex')}"` }).end();
    } else if (req.method === 'GET') {
      const obj = objects.get(key);
      if (!obj) return xmlError(res, 404, 'NoSuchKey', 'The specified key does not exist.');
      res
        .writeHead(200, { 'Content-Type': obj.contentType, 'Content-Length': obj.body.length })
        .end(obj.body);
    } else if (req.method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204).end();
    } else {
      xmlError(res, 405, 'MethodNotAllowed', 'Not supported by the fake');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function xmlError(res: ServerResponse, status: number, code: string, message: string) {
  res
    .writeHead(status, { 'Content-Type': 'application/xml' })
    .end(
      `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`,
    );
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** Returns why the signature is wrong, or null when it is right. */
function verifySignature(
  req: IncomingMessage,
  body: Buffer,
  creds: { accessKeyId: string; secretAccessKey: string; region: string },
): string | null {
  const auth = String(req.headers.authorization ?? '');
  const m = auth.match(
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/,
  );
  if (!m) return 'missing or malformed SigV4 Authorization header';
  const [, accessKeyId, day, region, signedHeaders, signature] = m;
  if (accessKeyId !== creds.accessKeyId) return 'unknown access key';
  if (region !== creds.region) return 'wrong region';
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  if (!amzDate.startsWith(day!)) return 'x-amz-date does not match the credential scope';
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body)) return 'payload hash mismatch';

  const [rawPath, rawQuery = ''] = (req.url ?? '/').split('?');
  const query = rawQuery
    .split('&')
    .filter(Boolean)
    .map((p) => (p.includes('=') ? p : `${p}=`))
    .sort()
    .join('&');
  const headerLines = signedHeaders!
    .split(';')
    .map(
      (h) =>
        `${h}:${String(req.headers[h] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const canonical = [req.method, rawPath, query, headerLines, signedHeaders, payloadHash].join('\n');
  const scope = `${day}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${creds.secretAccessKey}`, day!), region!), 's3'), 'aws4_request');
  const expected = createHmac('sha256', key).update(stringToSign).digest('hex');
  return expected === signature ? null : 'signature mismatch';
}
