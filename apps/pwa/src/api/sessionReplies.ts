// Loaded on demand by api/session.ts: the reply schemas bring zod with them, which the first paint
// (route guards, landing page) does not need; keeping them out of the entry chunk saves ~22 KB gzip.
export { betaModeReply, publicUserReply } from '@sanidok/schema';
