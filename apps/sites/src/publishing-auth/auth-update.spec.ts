import { AppError } from '@bindery/platform';
import { updateChanges } from './auth-update';

const site = { organizationId: 'org', siteId: 'site' };

function refusal(input: Record<string, unknown>): AppError {
  try {
    updateChanges({ ...site, ...input });
  } catch (error) {
    return error as AppError;
  }
  throw new Error('accepted');
}

describe('updateChanges (SitePublishingAuthUpdate)', () => {
  it('leaves absent fields unchanged and unsets null URLs', () => {
    expect(updateChanges({ ...site })).toEqual({});
    expect(updateChanges({ ...site, backend: 'custom', fallbackURL: 'https://login.example.com/', logoutURL: null })).toEqual({
      backend: 'custom',
      fallback_url: 'https://login.example.com/',
      logout_url: null,
    });
  });

  it.each([
    [{ fallbackURL: 'javascript:alert(document.cookie)' }, 'fallbackURL'],
    [{ logoutURL: 'ftp://example.com/' }, 'logoutURL'],
    [{ fallbackURL: 'login' }, 'fallbackURL'],
    [{ backend: 'integration' }, 'backend'],
    [{ backend: 'oidc' }, 'backend'],
  ])('refuses %j with a 400 naming %s', (input, field) => {
    const error = refusal(input);
    expect(error).toBeInstanceOf(AppError);
    expect(error.code).toBe(400);
    expect(error.message).toContain(field);
  });
});
