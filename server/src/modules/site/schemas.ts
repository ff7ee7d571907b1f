import { Type } from 'typebox';

/** The contact and legal details of the public pages (`SiteInfo` of the contract). */
export const SiteInfoSchema = Type.Object({
  supportEmail: Type.String(),
  supportPhone: Type.String(),
  website: Type.String(),
  socialGroup: Type.String(),
  helpBot: Type.String(),
  legalEntity: Type.Object({
    name: Type.String(),
    taxId: Type.String(),
    account: Type.String(),
    bank: Type.String(),
    bankId: Type.String(),
    correspondentAccount: Type.String(),
  }),
});
