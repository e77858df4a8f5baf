import type { SamlProvider, SsoLoginInfo, Team } from '@bindery/contracts';
import type { SamlProviderRow } from './saml-provider.repository';

/** Our side of the SAML exchange for one provider: the URLs an IdP administrator configures. */
export function serviceProviderOf(row: Pick<SamlProviderRow, 'id' | 'organization_id'>, baseUrl: string): SamlProvider['service'] {
  const entityID = `${baseUrl}/v1/orgs/${row.organization_id}/saml/${row.id}`;
  return { entityID, acsURL: `${entityID}/acs`, startURL: `${entityID}/start` };
}

/** Active once the IdP's URL, entity id and certificate are all known. */
export const isActive = (row: SamlProviderRow): boolean => Boolean(row.sso_url && row.entity_id && row.certificate);

/** The official document requires `ssoURL` as a URI even before it is configured: `about:blank` says "not set". */
const UNSET_URL = 'about:blank';

export function toSamlProvider(row: SamlProviderRow, baseUrl: string, defaultTeam?: Team): SamlProvider {
  const provider: SamlProvider = {
    object: 'saml-provider',
    id: row.id,
    label: row.label,
    ssoURL: row.sso_url ?? UNSET_URL,
    entityID: row.entity_id ?? '',
    certificate: row.certificate ?? '',
    defaultRole: row.default_role,
    createdAt: row.created_at.toISOString(),
    status: isActive(row) ? 'active' : 'pending',
    service: serviceProviderOf(row, baseUrl),
    urls: { location: `${baseUrl}/v1/orgs/${row.organization_id}/saml/${row.id}` },
  };
  if (defaultTeam) provider.defaultTeam = defaultTeam;
  return provider;
}

export const toLoginInfo = (row: SamlProviderRow, baseUrl: string): SsoLoginInfo => ({
  id: row.id,
  label: row.label,
  startURL: serviceProviderOf(row, baseUrl).startURL,
});
