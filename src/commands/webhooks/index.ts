import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { specs } from '../../output/specs.js';
import { defineGroup, defineVerb, lazy } from '../../cmdkit/define.js';
import { addFieldFlags, collect, integerInRange, positiveInteger } from '../../cmdkit/flags.js';
import { declareRequired, defineOperation } from '../../cmdkit/operation.js';

const ID = '0f6b2c3d-1e4f-4a5b-9c6d-7e8f9a0b1c2d';

export function register(program: Command, ctx: Context): void {
  const webhooks = defineGroup(program, 'webhooks', 'Webhook endpoints, their signing secrets, and a local listener for signed deliveries');

  defineOperation(
    webhooks,
    'list',
    {
      description: 'List webhook endpoints (secrets are never included)',
      examples: ['tripctl webhooks list', 'tripctl webhooks list -o json'],
      method: 'GET',
      path: '/webhooks',
      result: { kind: 'list', key: 'endpoints' },
      resource: specs.webhook,
    },
    ctx,
  );

  const create = addFieldFlags(
    defineVerb(webhooks, 'create', {
      assistant: {
        notOffered:
          "sends the company's events (passengers' names and phones) to a URL of the caller's choosing, and prints its signing secret",
      },
      description: "Create an endpoint; its signing secret is printed once and kept in the profile's file (0600)",
      calls: ['POST /webhooks'],
      examples: [
        'tripctl webhooks create --url https://hooks.example.com/tripctl --events booking.*,trip.cancelled',
        "tripctl webhooks create --url https://hooks.example.com/tripctl --events '*' -o json | jq -r .secret",
      ],
    })
      // Required, and asked on a terminal when missing (see runCreate).
      .option(
        '--url <url>',
        'HTTPS URL the service posts to (at most 2048 characters; http:// only on loopback, for the sandbox) (required)',
      )
      .option(
        '--events <names>',
        'events to receive: names, groups like booking.*, or * for all; comma-separated or repeated (required)',
        collect,
      ),
  );
  // Not commander's mandatory options, because a terminal asks for them (see runCreate).
  declareRequired(create, ['--url', '--events']);
  create.action(lazy(ctx, async () => (await import('./endpoints.js')).runCreate));

  addFieldFlags(
    defineVerb(webhooks, 'update <endpointId>', {
      assistant: { notOffered: "can point the company's events at another URL" },
      description: 'Change the URL or the events of an endpoint, or pause and resume its deliveries',
      calls: ['PATCH /webhooks/{endpointId}'],
      examples: [`tripctl webhooks update ${ID} --events booking.approved,booking.cancelled`, `tripctl webhooks update ${ID} --pause`],
    })
      .option('--url <url>', 'new URL (HTTPS, at most 2048 characters)')
      .option('--events <names>', 'replace the list of events (names, groups like booking.*, or *)', collect)
      .option('--pause', 'stop deliveries without deleting the endpoint (active: false)')
      .option('--resume', 'deliver again (active: true)'),
  ).action(lazy(ctx, async () => (await import('./endpoints.js')).runUpdate));

  defineVerb(webhooks, 'delete <endpointId>', {
    description: 'Delete an endpoint (asks first; --yes without a terminal) and forget its kept secret',
    assistant: { destructive: true },
    calls: ['DELETE /webhooks/{endpointId}'],
    examples: [`tripctl webhooks delete ${ID} --yes`],
  }).action(lazy(ctx, async () => (await import('./endpoints.js')).runDelete));

  defineOperation(
    webhooks,
    'test <endpointId>',
    {
      description: 'Queue a webhook.test delivery to an endpoint',
      examples: [`tripctl webhooks test ${ID}`],
      method: 'POST',
      path: '/webhooks/{endpointId}/test',
      result: { kind: 'none', message: ([id]) => `Queued a webhook.test delivery to ${id}.` },
    },
    ctx,
  );

  defineOperation(
    webhooks,
    'deliveries <endpointId>',
    {
      description: 'Recent delivery attempts of an endpoint: status, response, latency, time',
      assistant: { description: "An endpoint's recent delivery attempts" },
      examples: [`tripctl webhooks deliveries ${ID}`, `tripctl webhooks deliveries ${ID} -o json | jq '.[] | select(.status == "failed")'`],
      method: 'GET',
      path: '/webhooks/{endpointId}/deliveries',
      result: { kind: 'list', key: 'deliveries' },
      resource: specs.delivery,
    },
    ctx,
  );

  defineVerb(webhooks, 'events', {
    description: 'List the event names an endpoint can receive, with what each means (local)',
    examples: ['tripctl webhooks events', 'tripctl webhooks events -o ids'],
  }).action(lazy(ctx, async () => (await import('./endpoints.js')).runEvents));

  defineVerb(webhooks, 'secret <endpointId>', {
    description: "Print the signing secret kept for an endpoint when it was created (local; this profile's file)",
    examples: [
      `tripctl webhooks secret ${ID}`,
      `tripctl webhooks verify --secret "$(tripctl webhooks secret ${ID})" --signature "$SIG" --payload-file body.json`,
    ],
  }).action(lazy(ctx, async () => (await import('./endpoints.js')).runSecret));

  defineVerb(webhooks, 'listen', {
    assistant: { notOffered: 'a long-running local listener' },
    description: 'Receive signed deliveries locally: verify each over its raw bytes, print it, forward it to your handler',
    calls: ['POST /webhooks', 'DELETE /webhooks/{endpointId}'],
    // Only --register creates (and later deletes) an endpoint; a plain listener changes nothing.
    writes: ({ opts }) => opts.register !== undefined,
    examples: [
      `tripctl webhooks listen --endpoint ${ID} --forward-to http://localhost:3000/webhooks`,
      'tripctl --profile sandbox webhooks listen --register --events booking.* --forward-to http://localhost:3000/webhooks',
      'tripctl webhooks listen --register https://abc.tunnel.example/hooks --save ./deliveries',
      'tripctl webhooks listen --secret "$SECRET" -o json | jq \'.data.status\'',
    ],
  })
    .option('--port <port>', 'port to listen on; 0 picks a free one', integerInRange('--port', 0, 65535), 4242)
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--path <path>', 'accept deliveries on this path only (default: any path)')
    .option('--secret <secret>', 'signing secret to verify with (env TRIPCTL_WEBHOOK_SECRET)')
    .option('--endpoint <endpointId>', 'verify with the secret kept for this endpoint')
    .option(
      '--forward-to <url>',
      "send each verified delivery, bytes and headers unchanged, to your handler; the service gets the handler's status",
    )
    .option('--events <names>', 'only these events (names, groups like booking.*, or *); with --register, the events to subscribe', collect)
    .option(
      '--register [url]',
      'create a temporary endpoint at URL (default: this listener, for the sandbox), use its secret, delete it on exit',
    )
    .option('--save <dir>', 'write every delivery, byte-exact with its headers, one JSON file each (see webhooks replay)')
    .option('--skip-verify', 'pass on deliveries whose signature fails (still checked and shown when a secret is known)')
    .option('--max-body <bytes>', 'largest body accepted; larger ones get 413 (default 1048576)', positiveInteger('--max-body'))
    .option(
      '--forward-timeout <ms>',
      "how long the handler may take (default 7000: under the service's 8 s)",
      integerInRange('--forward-timeout', 1, 600_000),
    )
    .option(
      '--inspect [port]',
      'also serve a page on 127.0.0.1 that lists deliveries live, opens them and replays them; its URL (with a token) is printed on stderr',
      integerInRange('--inspect', 0, 65535),
    )
    .action(lazy(ctx, async () => (await import('./listen.js')).runListen));

  defineVerb(webhooks, 'inspect <dir>', {
    assistant: { notOffered: 'a long-running local page' },
    description: 'Open deliveries saved by `listen --save DIR` in the inspector page (127.0.0.1), to read and replay them',
    examples: [
      'tripctl webhooks inspect ./deliveries',
      'tripctl webhooks inspect ./deliveries --forward-to http://localhost:3000/webhooks --port 4040',
    ],
  })
    .option('--port <port>', 'port of the page; 0 (default) picks a free one', integerInRange('--port', 0, 65535), 0)
    .option('--forward-to <url>', 'the handler Replay sends to')
    .option(
      '--secret <secret>',
      "re-sign replays with this secret (env TRIPCTL_WEBHOOK_SECRET; default: the kept secret of the files' endpoint)",
    )
    .option('--forward-timeout <ms>', 'how long the handler may take (default 7000)', integerInRange('--forward-timeout', 1, 600_000))
    .action(lazy(ctx, async () => (await import('./inspect.js')).runInspect));

  defineVerb(webhooks, 'verify', {
    description: 'Check a captured delivery: exit 0 when the signature matches the body, 1 with the reason when not',
    examples: [
      'tripctl webhooks verify --secret "$SECRET" --signature "sha256=5d41…" --payload-file body.json',
      'pbpaste | tripctl webhooks verify --secret "$SECRET" --signature "$SIG"',
      'tripctl webhooks verify --saved deliveries/20260821T100001-123Z-0001-evt_abc.json',
    ],
  })
    .option('--secret <secret>', 'the endpoint signing secret (env TRIPCTL_WEBHOOK_SECRET)')
    .option('--endpoint <endpointId>', 'use the secret kept for this endpoint')
    .option('--signature <header>', 'the X-Service-Signature value, sha256=<hex>')
    .option('--payload-file <file>', "the raw body as received ('-' or omitted: stdin)")
    .option(
      '--saved <file>',
      'a delivery saved by `listen --save`, checked whole: body, signature and headers (secret: the kept one of its endpoint unless given)',
    )
    .action(lazy(ctx, async () => (await import('./verify.js')).runVerify));

  const replay = defineVerb(webhooks, 'replay <file>', {
    description: 'Send a delivery saved by `listen --save` to a handler again, byte-exact, re-signed',
    examples: [
      'tripctl webhooks replay deliveries/20260821T100001-123Z-0001-evt_abc.json --to http://localhost:3000/webhooks',
      'tripctl webhooks replay saved.json --to http://localhost:3000/webhooks --secret "$SECRET"',
    ],
  })
    // Required, and asked on a terminal when missing (see runReplay).
    .option('--to <url>', 'the handler to send it to (required)')
    .option(
      '--secret <secret>',
      "re-sign with this secret (default: the kept secret of the file's endpoint, else the original signature is kept)",
    )
    .option('--timeout-ms <ms>', 'how long the handler may take (default 7000)', integerInRange('--timeout-ms', 1, 600_000));
  declareRequired(replay, ['--to']);
  replay.action(lazy(ctx, async () => (await import('./replay.js')).runReplay));
}
