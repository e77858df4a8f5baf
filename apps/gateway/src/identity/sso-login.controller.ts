import { IdentitySubjects, type RequestContext, type SsoAssertResult } from '@bindery/contracts';
import { type JsonBytes, ServiceClient } from '@bindery/platform/nest';
import { Body, Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Authenticator } from '../auth/authenticator.service';
import { Public } from '../common/public.decorator';
import { traceOf } from '../common/request-tracing';
import { Ctx } from '../common/request-context.decorator';
import { SamlProviderParams, SamlResponseRequest } from './dto/saml-provider.request';
import { Relayed } from '../common/relayed.decorator';

/**
 * The browser-facing half of SAML sign-in. Public: the user has no token yet; the IdP's signed
 * assertion is what authenticates them.
 */
@Public()
@Controller('v1/orgs/:organizationId/saml/:samlProviderId')
export class SsoLoginController {
  constructor(
    private readonly services: ServiceClient,
    private readonly authenticator: Authenticator,
  ) {}

  /**
   * GET …/start — redirects the browser to the IdP with a fresh authentication request. Called with
   * `Authorization: Bearer <token>`, the login links the asserted identity to the caller's account
   * (the only way an IdP gains access to an existing account); a bad token is a 401.
   */
  @Get('start')
  async start(
    @Ctx() ctx: RequestContext,
    @Param() params: SamlProviderParams,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    const header = request.headers.authorization;
    const caller = header === undefined ? undefined : await this.authenticator.authenticate(header, request.id, traceOf(request));
    const { redirectURL } = await this.services.send(IdentitySubjects.ssoStart, { ...ctx, caller }, { ...params });
    void reply.status(302).header('location', redirectURL).header('cache-control', 'no-store');
  }

  /** POST …/acs — the IdP's response (HTTP-POST binding); answers an expiring session token for the user. */
  @Post('acs')
  @Relayed()
  @HttpCode(200)
  acs(
    @Ctx() ctx: RequestContext,
    @Param() params: SamlProviderParams,
    @Body() body: SamlResponseRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<JsonBytes<SsoAssertResult>> {
    void reply.header('cache-control', 'no-store');
    return this.services.relay(IdentitySubjects.ssoAssert, ctx, { ...params, samlResponse: body.SAMLResponse });
  }
}
