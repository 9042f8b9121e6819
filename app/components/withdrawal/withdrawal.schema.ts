import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import { REASON_MAX } from "~/models/withdrawal-limits";
import { maxChars, plainText } from "~/utils/text";

/*
 * The withdrawal form (§ 356a BGB, app/routes/withdrawal.tsx): its fields, one schema per step and
 * kind of shopper (a guest names the order number and e-mail, a customer picks one of their orders),
 * and what the server answers each step with. Browser-safe: the steps' components validate with the
 * same schemas the server (app/services/withdrawal-form.server.ts) checks.
 */

const guestFields = {
  orderNumber: plainText(z.string({ required_error: "withdrawal.errors.orderNumberRequired" }).trim()).refine(maxChars(40), "withdrawal.errors.orderNumberRequired"),
  email: plainText(z.string({ required_error: "withdrawal.errors.emailRequired" }).trim().email("withdrawal.errors.emailInvalid")).refine(maxChars(254), "withdrawal.errors.emailInvalid"),
};
const customerFields = { orderId: z.string({ required_error: "withdrawal.errors.orderRequired" }) };
const detailsFields = {
  scope: z.enum(["whole", "lines"], { errorMap: () => ({ message: "withdrawal.errors.scopeRequired" }) }),
  reason: plainText(z.string().trim().optional(), { multiline: true }).refine((value) => !value || maxChars(REASON_MAX)(value), "withdrawal.errors.reasonTooLong"),
};
const keyField = { idempotencyKey: z.string().regex(/^[A-Za-z0-9-]{8,100}$/, "withdrawal.errors.expired") };

export const guestIdentifySchema = z.object({ ...guestFields, ...keyField });
export const customerIdentifySchema = z.object({ ...customerFields, ...keyField });
export const guestDetailsSchema = z.object({ ...guestFields, ...keyField, ...detailsFields });
export const customerDetailsSchema = z.object({ ...customerFields, ...keyField, ...detailsFields });

/** The form's steps after the first, each a post with this intent (the first is "identify"). */
export const WITHDRAWAL_INTENTS = ["identify", "review", "edit", "confirm"] as const;
export type WithdrawalIntent = (typeof WITHDRAWAL_INTENTS)[number];

/** A declared withdrawal as its receipt shows it (and the confirmation step, before it is stored). */
export interface ReceiptView {
  number: string;
  receivedAt: string;
  wholeOrder: boolean;
  lines: Array<{ productName: string; quantity: number }>;
  reason: string;
  /** The reason of a withdrawal someone else declared first (this browser declared it again): given, not shown. */
  reasonHidden?: boolean;
  /** A stored withdrawal whose receipt e-mail was held back (too many for its order within the hour): this page is the receipt. */
  receiptHeldBack?: boolean;
}

/** The first step's choices: a customer's orders (and which one is picked), or a guest's order number. */
export interface IdentifyDefaults {
  orders: Array<{ id: string; label: string }>;
  prefill: { orderId?: string; orderNumber?: string };
}

export interface OrderView {
  number: string;
  lines: Array<{ id: string; productName: string; quantity: number }>;
}

/** The first step's values, carried by the later steps in hidden fields (and checked again each time). */
export type Carry = Record<string, string>;

export type DetailsView = {
  stage: "details";
  order: OrderView;
  carry: Carry;
  defaults: { scope: "whole" | "lines"; qty: Record<string, number>; reason: string };
};
export type ConfirmView = {
  stage: "confirm";
  order: OrderView;
  carry: Carry;
  summary: { wholeOrder: boolean; lines: Array<{ productName: string; quantity: number }>; reason: string };
};
export type StepView = DetailsView | ConfirmView;

/** What the action answers a step with: the submission's result, and the next step to show (none: the first again). */
export type ActionAnswer = { result: SubmissionResult<string[]>; view: StepView | null };
