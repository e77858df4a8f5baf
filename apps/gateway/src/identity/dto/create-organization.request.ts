import { ArrayMaxSize, IsArray, IsOptional, IsString, Length, Matches, MaxLength } from 'class-validator';

/** Body of POST /v1/orgs (official CreateOrganization). */
export class CreateOrganizationRequest {
  @IsString()
  @Length(2, 255)
  @Matches(/\S.*\S/, { message: 'title must contain non-blank characters' })
  title!: string;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @MaxLength(253, { each: true })
  @Matches(/^(?=.{1,253}$)([a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+[a-zA-Z]{2,63}$/, {
    each: true,
    message: 'each value in emailDomains must be a domain name such as example.com',
  })
  emailDomains?: string[];
}
