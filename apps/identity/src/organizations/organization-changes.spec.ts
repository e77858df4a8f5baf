import { emailDomainOf, normalizeDomains, organizationChanges } from './organization-changes';

describe('organizationChanges', () => {
  it('changes only the fields given, normalising domains and hostname', () => {
    expect(organizationChanges({ organizationId: 'o', emailDomains: [' Acme.COM', 'acme.com', 'b.io'], hostname: 'Docs-Acme' })).toEqual({
      emailDomains: ['acme.com', 'b.io'],
      hostname: 'docs-acme',
    });
  });

  it('clears nullable fields with null and keeps false booleans', () => {
    expect(organizationChanges({ organizationId: 'o', defaultContent: null, logo: null, defaultRole: null, sso: false })).toEqual({
      defaultContent: null,
      logo: null,
      defaultRole: null,
      sso: false,
    });
  });

  it('stores defaultContent without extra properties', () => {
    const input = { organizationId: 'o', defaultContent: { type: 'site' as const, site: 's1', extra: 1 } };
    expect(organizationChanges(input).defaultContent).toEqual({ type: 'site', site: 's1' });
  });
});

describe('email domains', () => {
  it('dedupes case-insensitively and takes the part after the last @', () => {
    expect(normalizeDomains(['A.com', 'a.com '])).toEqual(['a.com']);
    expect(emailDomainOf('"odd@name"@Example.ORG')).toBe('example.org');
  });
});
