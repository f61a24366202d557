import { describe, expect, it } from 'vitest';
import { mergeCsp, withSecurityHeaders } from './securityHeaders';

describe('mergeCsp', () => {
  it("adds frame-ancestors 'none' to the page's hashed policy without dropping it", () => {
    const merged = mergeCsp("script-src 'self' 'sha256-abc'; style-src 'self'");
    expect(merged).toBe(
      "script-src 'self' 'sha256-abc'; style-src 'self'; frame-ancestors 'none'; object-src 'none'; base-uri 'self'",
    );
  });

  it('keeps a directive the policy already sets', () => {
    expect(mergeCsp("object-src 'self'")).toBe("object-src 'self'; frame-ancestors 'none'; base-uri 'self'");
  });

  it('makes a policy of the base directives when there is none', () => {
    expect(mergeCsp(null)).toBe("frame-ancestors 'none'; object-src 'none'; base-uri 'self'");
  });
});

describe('withSecurityHeaders', () => {
  it('sets the headers on a redirect whose headers are immutable', () => {
    const response = withSecurityHeaders(Response.redirect('http://localhost/x', 302));
    expect(response.status).toBe(302);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});
