// upload_screenshot's body: a small file goes as a multipart body built whole in the core
// (screenshotFile.ts multipartBody), a large one streams from disk through undici's FormData.
// Both must reach the sandbox's multipart parser (busboy) as the same file, whatever its name.
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { multipartBody } from '../../electron/core/api/screenshotFile';
import { createRedactor, prepareRedaction, REDACTED } from '../../electron/core/secrets/redact';
import { placeholderPng } from '../../electron/sandbox/png';
import { useApiWorld } from './harness';

const w = useApiWorld('upload-');

describe('upload_screenshot body', () => {
  it('a small file whose name has quotes, a line break and non-ASCII letters arrives byte for byte', async () => {
    const bytes = placeholderPng('name-test');
    const file = w.dir.file('shot "main"\nёлка.png');
    writeFileSync(file, bytes);
    const stored = await w.client.uploadScreenshot(file);
    expect(w.sb.control.screenshotBytes(stored.path)).toEqual(bytes);
  });

  it('a file above the read-whole size streams from disk and arrives byte for byte', async () => {
    // A PNG signature and chunks, then padding: 700 KiB, past the 512 KiB read-whole bound.
    const bytes = Buffer.concat([placeholderPng('large-test'), Buffer.alloc(700 * 1024, 7)]);
    const file = w.dir.file('large.png');
    writeFileSync(file, bytes);
    const stored = await w.client.uploadScreenshot(file);
    expect(Buffer.from(w.sb.control.screenshotBytes(stored.path)!)).toEqual(bytes);
  });

  it('the built body escapes the names as a form does and ends with its boundary', () => {
    const { body, contentType } = multipartBody(
      'screenshot',
      'a"b\r\nc.png',
      'image/png',
      Buffer.from('PNG'),
    );
    const boundary = /boundary=(.+)$/.exec(contentType)![1]!;
    const text = body.toString('utf8');
    expect(text.startsWith(`--${boundary}\r\n`)).toBe(true);
    expect(text).toContain('name="screenshot"; filename="a%22b%0D%0Ac.png"');
    expect(text.endsWith(`\r\n\r\nPNG\r\n--${boundary}--\r\n`)).toBe(true);
    // A fresh boundary per body: a file's bytes cannot be crafted to close it.
    expect(
      multipartBody('screenshot', 'x.png', 'image/png', Buffer.from('PNG')).contentType,
    ).not.toBe(contentType);
  });
});

describe('redaction prepared ahead', () => {
  it('a redactor whose index was built before its first text masks exactly as one built lazily', () => {
    const secrets = Array.from({ length: 50 }, (_, i) => `secret-${i}-password`);
    const text = `the server said secret-7-password and ${Buffer.from('secret-9-password').toString('base64')}`;
    const lazy = createRedactor([...secrets, 'lazy-only-value'])(text);
    const prepared = createRedactor(secrets);
    prepareRedaction(prepared);
    expect(prepared(text)).toBe(lazy);
    expect(prepared(text)).not.toContain('secret-7-password');
    expect(prepared(text)).toContain(REDACTED);
  });
});
