import { ContentSubjects, healthSubject, IdentitySubjects } from '@bindery/contracts';
import { AppError } from '../errors/app-error';
import { checkEnvelope } from './check-envelope';

const codeOf = (subject: string, envelope: unknown): number | undefined => {
  try {
    checkEnvelope(subject, envelope);
    return undefined;
  } catch (error) {
    return (error as AppError).code;
  }
};

describe('checkEnvelope', () => {
  const caller = { userId: 'u1', tokenId: 't1' };

  it('accepts a caller on any subject', () => {
    expect(codeOf(ContentSubjects.spaceList, { ctx: { requestId: 'r', caller, baseUrl: '' }, data: {} })).toBeUndefined();
  });

  it('refuses a missing caller with 401 unless the subject is callerless', () => {
    const anonymous = { ctx: { requestId: 'r', baseUrl: '' }, data: {} };
    expect(codeOf(ContentSubjects.spaceList, anonymous)).toBe(401);
    expect(codeOf(IdentitySubjects.membershipGet, { ...anonymous, ctx: { ...anonymous.ctx, caller: null } })).toBe(401);
    expect(codeOf(IdentitySubjects.tokenVerify, anonymous)).toBeUndefined();
    expect(codeOf(ContentSubjects.fileDownload, anonymous)).toBeUndefined();
    expect(codeOf(healthSubject('content'), anonymous)).toBeUndefined();
  });

  it('refuses a caller of the wrong shape and an envelope without ctx', () => {
    expect(codeOf(IdentitySubjects.orgList, { ctx: { requestId: 'r', caller: { userId: 1 } }, data: {} })).toBe(401);
    expect(codeOf(IdentitySubjects.tokenVerify, { ctx: { requestId: 'r', caller: 'admin' }, data: {} })).toBe(401);
    expect(codeOf(IdentitySubjects.tokenVerify, { data: {} })).toBe(400);
    expect(codeOf(IdentitySubjects.tokenVerify, 'x')).toBe(400);
  });
});
