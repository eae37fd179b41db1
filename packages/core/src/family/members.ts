import { z } from 'zod';
import { ZEmail } from '../validation/email.ts';

/** DESIGN, Families: each member of a family has exactly one of these roles. */
export const FAMILY_ROLES = ['owner', 'parent', 'caregiver'] as const;
export const ZFamilyRole = z.enum(FAMILY_ROLES);
export type TFamilyRole = z.infer<typeof ZFamilyRole>;

/** Ownership is handed over (a role change), never given by invitation. */
export const ZInvitableRole = z.enum(['parent', 'caregiver']);
export type TInvitableRole = z.infer<typeof ZInvitableRole>;

/** How long an invitation link can be used. */
export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Pending invitations a family may have at once (keeps a runaway script from filling the table). */
export const MAX_PENDING_INVITES = 50;

export const ZFamilyMember = z.object({
  userId: z.string(),
  name: z.string(),
  role: ZFamilyRole,
  joinedAt: z.string(),
});
export type TFamilyMember = z.infer<typeof ZFamilyMember>;

/** A pending invitation: never its token, which only its creator sees, once. */
export const ZFamilyInvite = z.object({
  id: z.string(),
  role: ZInvitableRole,
  /** The address it was mailed to; null for a link shared by hand. */
  email: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type TFamilyInvite = z.infer<typeof ZFamilyInvite>;

/** `GET /family`: members in the order they joined, pending (unused, unexpired) invitations. */
export const ZFamily = z.object({
  id: z.string(),
  members: z.array(ZFamilyMember),
  invites: z.array(ZFamilyInvite),
});
export type TFamily = z.infer<typeof ZFamily>;

/** Body of `POST /family/invites`: the role to give, and an address to mail the link to. */
export const ZInviteCreate = z.strictObject({
  role: ZInvitableRole,
  email: ZEmail.optional(),
});
export type TInviteCreate = z.infer<typeof ZInviteCreate>;

/** The web route an invitation link opens. */
export const joinPath = (token: string): string => `/join/${token}`;

/**
 * Answer of `POST /family/invites`: the invitation, its one-time token and the link
 * (`PUBLIC_URL` + `/join/{token}`) to share. The token is not retrievable afterwards.
 */
export const ZInviteCreated = z.object({
  invite: ZFamilyInvite,
  token: z.string(),
  link: z.string(),
});
export type TInviteCreated = z.infer<typeof ZInviteCreated>;

/**
 * `GET /family/join/{token}`: whom an invitation comes from, for the join page before anyone signs
 * in. Only what the family itself shows its members: its name, the inviter's first name, the role
 * and until when the link works; nothing the inviter wrote for the invitation (there is no such
 * text).
 */
export const ZInvitePreview = z.object({
  familyName: z.string(),
  inviterFirstName: z.string(),
  role: ZInvitableRole,
  expiresAt: z.string(),
});
export type TInvitePreview = z.infer<typeof ZInvitePreview>;

/**
 * Body of `POST /family/join`. `discardOwnFamily` is the explicit choice DESIGN asks for when the
 * joining user's own family has data: without it such a join answers 409 (FAMILY_HAS_DATA_MESSAGE).
 */
export const ZJoinFamily = z.strictObject({
  token: z.string().max(200).trim().min(1),
  discardOwnFamily: z.boolean().default(false),
});
export type TJoinFamily = z.infer<typeof ZJoinFamily>;
export type TJoinFamilyInput = z.input<typeof ZJoinFamily>;

/** Body of `PATCH /family/members/{userId}`. Making someone `owner` hands ownership over. */
export const ZRoleChange = z.strictObject({ role: ZFamilyRole });
export type TRoleChange = z.infer<typeof ZRoleChange>;

export const INVITE_INVALID_MESSAGE = 'This invitation link is invalid, used or expired';
export const ALREADY_MEMBER_MESSAGE = 'You are already a member of this family';
/** 409 of `POST /family/join` without `discardOwnFamily` when one's own family has data. */
export const FAMILY_HAS_DATA_MESSAGE =
  'Your family has children or activities of its own. Joining deletes them: confirm to join anyway';
export const LAST_OWNER_MESSAGE =
  'Hand ownership to another member before leaving, or remove the other members first';
export const SHARED_FAMILY_JOIN_MESSAGE =
  'Hand ownership to another member of your family before joining another one';
export const CANNOT_DEMOTE_OWNER_MESSAGE =
  'Make another member owner to hand ownership over; the owner then becomes a parent';
