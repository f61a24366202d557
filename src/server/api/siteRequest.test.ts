import { describe, expect, it } from 'vitest';
import { siteRequestProblem } from './siteRequest';

const url = new URL('http://localhost:4321/api/v1/illegal_report');
const key = 'k';
const make = (method: string, headers: Record<string, string>) => new Request(url, { method, headers });
const site = { 'x-requested-with': 'XMLHttpRequest', 'x-api-key': key };

describe('siteRequestProblem', () => {
  it('lets reads through without the headers', () => {
    expect(siteRequestProblem(make('GET', {}), url, key)).toBeNull();
  });

  it('accepts a state-changing request from the site', () => {
    expect(siteRequestProblem(make('POST', { ...site, origin: 'http://localhost:4321' }), url, key)).toBeNull();
    expect(siteRequestProblem(make('DELETE', site), url, key)).toBeNull();
  });

  it('refuses a missing custom header, a wrong key and a foreign origin', () => {
    expect(siteRequestProblem(make('POST', { 'x-api-key': key }), url, key)).toMatch(/X-Requested-With/);
    expect(siteRequestProblem(make('PUT', { ...site, 'x-api-key': 'nope' }), url, key)).toMatch(/X-Api-Key/);
    expect(siteRequestProblem(make('POST', { ...site, origin: 'https://evil.example' }), url, key)).toMatch(
      /evil\.example/,
    );
    expect(siteRequestProblem(make('POST', { ...site, 'sec-fetch-site': 'cross-site' }), url, key)).toMatch(
      /Cross-site/,
    );
  });
});
