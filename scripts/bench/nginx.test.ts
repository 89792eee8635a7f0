import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { probe } from './load.ts';
import { findNginx, nginxConfig, startNginx } from './nginx.ts';

describe('nginxConfig', () => {
  it('runs one worker and serves the stored gzip files, compressing nothing itself', () => {
    const config = nginxConfig('/tmp/x', 8080, [{ url: '/blog?q=coding%20club', file: 'page-0.html' }]);
    expect(config).toMatch(/^worker_processes 1;$/m);
    expect(config).toMatch(/^\s*gzip_static on;$/m);
    expect(config).toMatch(/^\s*gzip off;$/m);
    expect(config).toContain('"/blog?q=coding%20club" /page-0.html;');
  });
});

describe.skipIf(!findNginx())('startNginx', () => {
  it('answers each address with the exact gzip bytes it was given, and the plain body without gzip', async () => {
    const body = Buffer.from('<!doctype html><title>Bench</title>' + '<p>Readers read this.</p>'.repeat(100));
    // Level 9: not what nginx's own gzip (level 1) makes, so equal bytes prove they are the stored ones.
    const gzip = gzipSync(body, { level: 9 });
    const nginx = await startNginx(findNginx()!, [
      { url: '/blog?q=coding%20club', body, gzip, contentType: 'text/html; charset=utf-8' },
      { url: '/api/x', body: Buffer.from('[]'), contentType: 'application/json' },
    ]);
    try {
      const compressed = await probe(`${nginx.origin}/blog?q=coding%20club`, { 'accept-encoding': 'gzip' });
      expect(compressed).toMatchObject({ status: 200, encoding: 'gzip', contentType: 'text/html' });
      expect(compressed.body.equals(gzip)).toBe(true);
      const plain = await probe(`${nginx.origin}/blog?q=coding%20club`, {});
      expect(plain.body.equals(body)).toBe(true);
      expect(await probe(`${nginx.origin}/api/x`, { 'accept-encoding': 'gzip' })).toMatchObject({
        status: 200,
        encoding: 'identity',
        contentType: 'application/json',
      });
    } finally {
      await nginx.stop();
    }
  });
});
