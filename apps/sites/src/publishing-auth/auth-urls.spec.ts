import { MAX_AUTH_URL_LENGTH, authUrlProblem } from './auth-urls';

describe('authUrlProblem', () => {
  it('accepts absolute http(s) URLs and null/absent', () => {
    expect(authUrlProblem('fallbackURL', 'https://login.example.com/sso?from=docs')).toBeUndefined();
    expect(authUrlProblem('fallbackURL', 'http://127.0.0.1:8080/login')).toBeUndefined();
    expect(authUrlProblem('fallbackURL', null)).toBeUndefined();
    expect(authUrlProblem('fallbackURL', undefined)).toBeUndefined();
  });

  it.each([
    ['javascript:alert(1)', 'http or https'],
    ['data:text/html,<script>1</script>', 'http or https'],
    ['ftp://example.com/', 'http or https'],
    ['/relative/login', 'absolute URL'],
    ['not a url', 'absolute URL'],
    ['https://user:pass@example.com/', 'credentials'],
    [`https://example.com/${'a'.repeat(MAX_AUTH_URL_LENGTH)}`, 'at most'],
    [42, 'must be a URL'],
  ])('refuses %s, naming the field', (value, problem) => {
    const message = authUrlProblem('logoutURL', value);
    expect(message).toContain('logoutURL');
    expect(message).toContain(problem);
  });
});
