// S3's error answers: an S3Error carries the code, the HTTP status and a message; s3ErrorXml writes
// the XML body S3 clients parse (<Error><Code>…</Code><Message>…</Message>…</Error>).
export class S3Error extends Error {
  readonly code: string;
  readonly status: number;
  constructor(code: string, status: number, message: string) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

export const s3 = {
  accessDenied: (m = 'Access Denied') => new S3Error('AccessDenied', 403, m),
  noSuchBucket: () => new S3Error('NoSuchBucket', 404, 'The specified bucket does not exist'),
  noSuchKey: () => new S3Error('NoSuchKey', 404, 'The specified key does not exist.'),
  noSuchUpload: () => new S3Error('NoSuchUpload', 404, 'The specified upload does not exist.'),
  bucketNotEmpty: () => new S3Error('BucketNotEmpty', 409, 'The bucket you tried to delete is not empty'),
  signatureMismatch: () =>
    new S3Error(
      'SignatureDoesNotMatch',
      403,
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    ),
  invalidAccessKey: () => new S3Error('InvalidAccessKeyId', 403, 'The AWS Access Key Id you provided does not exist in our records.'),
  invalidArgument: (m: string) => new S3Error('InvalidArgument', 400, m),
  invalidRequest: (m: string) => new S3Error('InvalidRequest', 400, m),
  notImplemented: () => new S3Error('NotImplemented', 501, 'A header or query you provided implies functionality that is not implemented.'),
};

export const xmlEscape = (v: unknown) => String(v).replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

export const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
export const S3_NS = 'http://s3.amazonaws.com/doc/2006-03-01/';

export function s3ErrorXml(e: S3Error, resource: string, requestId: string): string {
  return `${XML_HEAD}<Error><Code>${e.code}</Code><Message>${xmlEscape(e.message)}</Message><Resource>${xmlEscape(resource)}</Resource><RequestId>${xmlEscape(requestId)}</RequestId></Error>`;
}

/** An element per entry of `fields` (undefined ones left out), values escaped. */
export function xmlFields(fields: Record<string, unknown>): string {
  return Object.entries(fields)
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k, v]) => `<${k}>${xmlEscape(v)}</${k}>`)
    .join('');
}
