/** The honeypot's field name: people never see it, form-filling bots do (components/honeypot.tsx draws it; actions read it). */
export const HONEYPOT_FIELD = "website";
