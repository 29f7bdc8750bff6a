// The two things the server writes, both into the operator store (SNAPSHOTS_DIR/operator.sqlite,
// or PostgreSQL with DATABASE_URL; never a snapshot): a family's coordination request from the plan
// page, and a correction from the corrections form. Written once and never read by any route, MCP
// tool or page; the operator lists and exports them with the CLI. The log says only that something
// was stored, no field. A store that cannot take the write (PostgreSQL down) is OperatorStoreUnavailable:
// the form answers 503 with what was typed, and nothing is kept.
import type { Logger } from '../lib/log.ts';
import type { OperatorStore } from '../records/operator-store.ts';

export interface NewCoordinationRequest {
  licenses: readonly string[];
  needs: readonly string[];
  timing: string | null;
  familyName: string;
  familyPhone: string;
  consent: string;
  assistantClient: string | null;
  linkExpiresAt: Date;
}

export interface NewCorrection {
  license: string;
  field: string;
  whatIsWrong: string;
  shouldSay: string;
  sourceUrl: string | null;
}

/** What a family reads when the operator store cannot be written; their form comes back as typed. */
export const NOT_SAVED = 'We could not save this; nothing was sent. Try again in a minute.';

/** The operator store could not take a write; nothing of it was kept. */
export class OperatorStoreUnavailable extends Error {}

export class OperatorWrites {
  constructor(
    private readonly store: OperatorStore,
    private readonly log: Logger,
  ) {}

  /** One write, kept whole or not at all (one statement, one transaction). */
  private async write(run: (store: OperatorStore) => unknown): Promise<void> {
    try {
      await run(this.store);
    } catch (error) {
      // The reason names the store, never a field of what was sent.
      this.log.error('operator store not writable; nothing stored', { store: this.store.where, reason: error instanceof Error ? error.message : String(error) });
      throw new OperatorStoreUnavailable(NOT_SAVED, { cause: error });
    }
  }

  async storeCoordinationRequest(request: NewCoordinationRequest, now = new Date()): Promise<void> {
    await this.write((store) =>
      store.storeCoordinationRequest({
        received_at: now.toISOString(),
        licenses: JSON.stringify(request.licenses),
        needs: JSON.stringify(request.needs),
        timing: request.timing,
        family_name: request.familyName,
        family_phone: request.familyPhone,
        consent: request.consent,
        assistant_client: request.assistantClient,
        link_expires_at: request.linkExpiresAt.toISOString(),
      }),
    );
    // That it happened, nothing of what it says.
    this.log.info('coordination request stored');
  }

  async storeCorrection(correction: NewCorrection, now = new Date()): Promise<void> {
    await this.write((store) =>
      store.storeCorrection({
        received_at: now.toISOString(),
        license_number: correction.license,
        field: correction.field,
        what_is_wrong: correction.whatIsWrong,
        should_say: correction.shouldSay,
        source_url: correction.sourceUrl,
      }),
    );
    this.log.info('correction stored');
  }
}
