// Imported first by every card: zod (under the SDK) must not try `new Function` under the card's
// CSP, which has no 'unsafe-eval'. The App class sets this too, but only when it is constructed,
// after the SDK's modules have already probed for eval (a CSP violation report in the host).
import { config } from 'zod/v4/core';

config({ jitless: true });
