import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { SortStructureRequest, UpdateSiteRequest } from './site.request';
import { MoveSectionGroupRequest, MoveSectionRequest, MoveSiteSpaceRequest } from './structure.request';

// @ValidateNested validates each element of an array, so without @IsObject an array of valid
// objects passed where one object is expected, and reached the service as an array.
const OPTIONS = { whitelist: true, forbidUnknownValues: true };
const problems = (type: new () => object, body: unknown): string[] =>
  validateSync(plainToInstance(type, body), OPTIONS).flatMap((e) => [
    ...Object.values(e.constraints ?? {}),
    ...(e.children ?? []).flatMap((c) => Object.values(c.constraints ?? {})),
  ]);

describe('nested request objects must be objects, not arrays of them', () => {
  const siteSpace = { type: 'site-space', siteSpace: 'abcdefghij' };
  it.each<[string, new () => object, unknown, RegExp]>([
    ['move site space: position', MoveSiteSpaceRequest, { position: [{ before: siteSpace }] }, /position must be an object/],
    ['move site space: position.before', MoveSiteSpaceRequest, { position: { before: [siteSpace] } }, /before must be an object/],
    ['move section: position', MoveSectionRequest, { position: [{}] }, /position must be an object/],
    ['move group: position', MoveSectionGroupRequest, { position: [{}] }, /position must be an object/],
    ['sort: item', SortStructureRequest, { item: [{ type: 'site-section', id: 'abcdefghij' }], position: {} }, /item must be an object/],
    ['site: adaptiveContent', UpdateSiteRequest, { adaptiveContent: [{ enabled: true }] }, /adaptiveContent must be an object/],
  ])('%s', (_name, type, body, message) => {
    expect(problems(type, body).join('; ')).toMatch(message);
  });

  it('still accepts the object', () => {
    expect(problems(MoveSiteSpaceRequest, { position: { before: siteSpace } })).toEqual([]);
  });
});
