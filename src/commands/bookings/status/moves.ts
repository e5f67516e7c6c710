// The moves `bookings approve|reject|cancel|board|no-show` make: declared here, apart from the
// verbs' declarations (../index.ts) and their runner (run.ts), which both read them.

/** A booking as the bulk verbs look at it. */
interface BookingState {
  status?: unknown;
  boardedAt?: unknown;
  noShow?: unknown;
}

/** A status move (PATCH {status}): the body, the summary word and the re-run check all follow from it. */
function statusMove(status: 'approved' | 'rejected' | 'cancelled', ask: string, description: string) {
  return {
    // A rejected or cancelled booking cannot be taken back; a PATCH of a status lands the same twice.
    assistant: { destructive: status !== 'approved', idempotent: true },
    method: 'PATCH' as const,
    path: '',
    body: { status },
    done: status,
    ask,
    description,
    reached: (b: BookingState) => b.status === status,
  };
}

/**
 * The bulk verbs: how each reaches the service, what the summary says, the question a protected
 * profile asks (`ask`), and when a booking already is as asked (`reached`), so that a re-run
 * reports `already approved` instead of the service's refusal.
 */
export const BULK_ACTIONS = {
  approve: statusMove('approved', 'approve', 'Approve requested bookings'),
  reject: statusMove('rejected', 'reject', 'Reject requested bookings'),
  cancel: statusMove('cancelled', 'cancel', 'Cancel bookings'),
  board: {
    method: 'POST',
    path: '/boarded',
    body: undefined,
    done: 'boarded',
    // Sets a state: a second run finds it reached and sends nothing.
    assistant: { destructive: false, idempotent: true },
    ask: 'mark as boarded',
    description: 'Mark passengers boarded (sets boardedAt)',
    reached: (b: BookingState) => b.status === 'boarded' || (b.boardedAt !== undefined && b.boardedAt !== null),
  },
  'no-show': {
    method: 'POST',
    path: '/no-show',
    body: undefined,
    done: 'marked no-show',
    assistant: { destructive: false, idempotent: true },
    ask: 'mark as no-show',
    description: 'Mark passengers who did not board as no-show',
    reached: (b: BookingState) => b.status === 'no_show' || b.noShow === true,
  },
} as const;
export type BulkVerb = keyof typeof BULK_ACTIONS;
