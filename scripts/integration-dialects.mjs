// Which integration tests run again on PostgreSQL. Every integration test runs on SQLite
// (`npm run test:integration`); `npm run test:integration:postgres` (CI's PostgreSQL step) runs
// them all again on PostgreSQL except the files listed in SQLITE_ONLY, each with the reason no
// dialect behaviour is under test there. A file in neither list runs on both: a new test is
// dialect-sensitive until someone says why not (list it here). BOTH_DIALECTS names why each of the others
// needs PostgreSQL, so a reviewer reads the choice file by file; scripts/integration-dialects.test.ts
// keeps both lists true to the tree.

const NO_DATABASE = 'no database: the agent, a driver or a simulator alone';

/** @type {Record<string, string>} path → why SQLite alone is enough */
export const SQLITE_ONLY = {
  'packages/agent-core/src/agent-start.int.test.ts': NO_DATABASE,
  'packages/agent-core/src/connection/server-link.int.test.ts': NO_DATABASE,
  'packages/agent-core/src/late-hello.int.test.ts':
    "the gateway's hello deadline and the agent's retry; keys and printers are tested elsewhere",
  'packages/agent-core/src/drivers/bambu/bambu-driver.int.test.ts': NO_DATABASE,
  'packages/agent-core/src/drivers/bambu/bambu-x1-camera.int.test.ts': NO_DATABASE,
  'packages/agent-core/src/drivers/host-files.int.test.ts': NO_DATABASE,
  'packages/agent-core/src/drivers/probe-printer.int.test.ts': NO_DATABASE,
  'packages/agent-core/src/energy-meter/agent-energy-meter.int.test.ts': NO_DATABASE,
  'packages/agent-core/src/drivers/moonraker/jsonrpc-client.int.test.ts': NO_DATABASE,
  'packages/agent-core/src/drivers/moonraker/moonraker-driver.int.test.ts': NO_DATABASE,
  'packages/agent-core/src/drivers/moonraker/moonraker-real.int.test.ts': NO_DATABASE,
  'packages/agent-core/src/drivers/octoprint/octoprint-driver.int.test.ts': NO_DATABASE,
  'packages/agent-core/src/drivers/octoprint/octoprint-real.int.test.ts': NO_DATABASE,
  'packages/agent-core/src/lan-timelapse.int.test.ts': NO_DATABASE,
  'packages/agent-core/src/timelapse/timelapse.int.test.ts': NO_DATABASE,
  'packages/simulator/src/bambu/bambu.int.test.ts': NO_DATABASE,
  'packages/simulator/src/bambu/rtsps.int.test.ts': NO_DATABASE,
  'packages/simulator/src/faults.int.test.ts': NO_DATABASE,
  'packages/simulator/src/moonraker/klippy.int.test.ts': NO_DATABASE,
  'packages/simulator/src/moonraker/moonraker-print.int.test.ts': NO_DATABASE,
  'packages/simulator/src/moonraker/moonraker.int.test.ts': NO_DATABASE,
  'packages/simulator/src/octoprint/octoprint-jobs.int.test.ts': NO_DATABASE,
  'packages/simulator/src/octoprint/octoprint.int.test.ts': NO_DATABASE,
  'packages/simulator/src/octoprint/push-socket.int.test.ts': NO_DATABASE,
  'apps/server/src/openapi/openapi.int.test.ts': 'no database: the OpenAPI document of the routes',
  'apps/server/src/logging/security-events.int.test.ts':
    'log lines written by an HTTP hook; no SQL of its own',
  'apps/agent/src/cli-stop.int.test.ts':
    "the agent's command line and its stop; the server only answers its connection",
  'apps/agent/src/bundle.int.test.ts':
    'the bundled agent file and its start; the server only answers its connection',
  'apps/agent/src/install.int.test.ts':
    'the install script and the agent it installs; the server only serves them',
  'apps/agent/src/install-service.int.test.ts':
    "the install script's check of the service it starts; the server only answers the agent",
  'packages/simulator/src/fleet/fleet.int.test.ts':
    'the simulated fleet dialling a server; printers and keys are covered by their own tests',
  'apps/server/src/cluster/redis-unreachable.int.test.ts':
    'the start stops at an unreachable Redis, before any query',
  'apps/server/src/http/credential-limits.int.test.ts':
    'rate limits held in memory per credential and address',
  'apps/server/src/http/delivery.int.test.ts':
    'compression and ETags of answers; the data behind them is covered elsewhere',
  'apps/server/src/mail/file-mailer.int.test.ts': 'mails written to files, no query involved',
  'apps/server/src/observability/error-reporting.int.test.ts':
    'what reaches the error reporter; no query involved',
  'apps/server/src/modules/temperature-history/temperature-history.int.test.ts':
    'the history is a ring buffer in memory, not a table',
  'apps/agent/src/install-node.int.test.ts':
    'which Node.js the install script finds in a scratch root; no server, no database',
  'packages/agent-core/src/drivers/prusalink/prusalink-driver.int.test.ts': NO_DATABASE,
  'packages/simulator/src/prusalink/prusalink.int.test.ts': NO_DATABASE,
  'apps/server/src/modules/auth/attempt-limits.int.test.ts':
    'attempts counted by the rate limiter’s counters (memory in one instance), not in a table',
  'apps/server/src/http/json-depth.int.test.ts':
    'JSON bodies refused by the parser before any route or query runs',
  'apps/server/src/modules/agent-downloads/agent-install-address.int.test.ts':
    'the install command’s address from settings and request headers; no table behind it',
  'apps/server/src/modules/files/upload-stall.int.test.ts':
    'reading a costly file on the worker pool while /api/health answers; the file rows are covered by files-upload',
  'apps/server/src/startup/startup-failures.int.test.ts':
    'start-up failures of the real process; the PostgreSQL cases use refusing and silent fake servers, not the test database',
  'apps/server/src/storage/s3-put-file.int.test.ts':
    'no database: a local file sent to s3rver by the AWS SDK',
  'apps/server/src/modules/printers/device-states-stream.int.test.ts':
    'the states stream over HTTP from the live store; the list it reads is devices-states’, covered by printers.int',
  'apps/server/src/storage/object-store.int.test.ts':
    'no database: the object stores (disk and an S3 server) alone',
  'apps/server/src/observability/grafana-dashboard.int.test.ts':
    'the dashboard JSON against a scrape; the figures’ SQL is covered by metrics.int.test.ts',
  'apps/server/src/modules/health/health-parts.int.test.ts':
    '/api/health and an S3 server that goes away; the file list it reads is covered by files tests',
  'apps/server/src/modules/home-assistant/home-assistant.int.test.ts':
    'the MQTT bridge reads and acts through the HTTP API with API keys; no SQL of its own',
  // Moved from BOTH_DIALECTS (issue 27): the subject of each is not SQL, and the SQL each goes
  // through runs on PostgreSQL in the file named.
  'packages/agent-core/src/agent-s3.int.test.ts':
    'the agent’s download by a presigned link and its fallback; the S3 start’s rows on PostgreSQL: s3-storage',
  'packages/simulator/src/fleet/demo-seed.int.test.ts':
    'the demo history as a whole; ended jobs into the roll-ups on PostgreSQL: job-rollups',
  'packages/agent-core/src/drivers/bambu/bambu-agent.int.test.ts':
    'the Bambu driver in the agent; print job and state rows on PostgreSQL: print-jobs, devices-states-job',
  'packages/agent-core/src/drivers/bambu/bambu-h2d-agent.int.test.ts':
    'an H2D’s two nozzles and its camera refusal, from the agent’s state in memory; state rows on PostgreSQL: devices-states-job',
  'packages/agent-core/src/lan-mode.int.test.ts':
    'LAN printers driven by the server; LAN printer rows and sealed secrets on PostgreSQL: lan-bambu-prusalink',
  'packages/agent-core/src/drivers/prusalink/prusalink-agent.int.test.ts':
    'the PrusaLink driver in the agent; print job rows on PostgreSQL: print-jobs, print-job-sync',
  'apps/server/src/gateway/device-gateway.int.test.ts':
    'the WebSocket protocol (hello, commands, heartbeat, limits); no SQL of its own; key and state rows on PostgreSQL: device-pairing, key-audit, devices-states-job',
  'apps/server/src/http/route-permissions.int.test.ts':
    'the permission hook of each route against each role; membership reads on PostgreSQL: members, http (workspace scoping)',
  'apps/server/src/mail/mail-unavailable.int.test.ts':
    'what a sign-up says when mail is down; claims and retries are the job runner’s, on PostgreSQL: job-runner',
  'apps/server/src/modules/notifications/outbox-restart.int.test.ts':
    'a restarted server process delivers what it held; lease takeover on PostgreSQL: job-runner, notification-delivery-job',
  'apps/server/src/modules/notifications/video-failure-alert.int.test.ts':
    'when a failed video alerts; the outbox rows on PostgreSQL: notification-delivery',
  'apps/server/src/modules/slicer/slicer.int.test.ts':
    'the OctoPrint-compatible upload API of slicers; file rows on PostgreSQL: files-upload',
  'apps/server/src/modules/videos/videos-worker.int.test.ts':
    'ffmpeg encoding and a worker restart; the encode job’s claims on PostgreSQL: job-runner, videos',
  'apps/server/src/modules/invitations/invitation-mail-retry.int.test.ts':
    'an invitation mail retried while SMTP is down; claims and retries on PostgreSQL: job-runner, invitation-mail-crash',
  'apps/server/src/modules/home-assistant/home-assistant-status.int.test.ts':
    'the MQTT bridge’s status from memory; membership reads on PostgreSQL: members',
  'packages/agent-core/src/lan-bambu-discovery.int.test.ts':
    'printers heard on the network are held in memory, not in a table',
  'packages/agent-core/src/lan-bambu-x1-camera.int.test.ts':
    'camera frames from the stream, kept in memory; the LAN printer rows on PostgreSQL: lan-bambu-prusalink',
  // Moved from BOTH_DIALECTS in round 8 (issue 27): listed there as repository tests, but what
  // each tests is decided before or beside SQL, and the rows each reads or writes are another
  // file's subject on PostgreSQL.
  'apps/server/src/modules/api-keys/api-key-scope-matrix.int.test.ts':
    'each scope against each operation, decided by the route’s permission hook from the key already read; key rows, their scopes and workspaces on PostgreSQL: api-keys, api-key-workspace',
  'apps/server/src/modules/workspaces/workspace-settings.int.test.ts':
    'rich text sanitised and avatar images converted and stored as objects; the workspace row’s text columns (description, avatar name) written by the update workspaces.int runs on PostgreSQL',
};

const REPOSITORY = 'its module’s repository SQL';

/** @type {Record<string, string>} path → why it runs on PostgreSQL too */
export const BOTH_DIALECTS = {
  'apps/server/src/modules/notifications/push-delivery.int.test.ts':
    'push subscriptions upserted per endpoint (ON CONFLICT) and deleted per user: their only test',
  'packages/agent-core/src/energy-meter/energy-meter-agent.int.test.ts':
    'the meter’s read_by (migration 0057) and the kWh the agent measured written to the job and priced in its ending transaction',
  'packages/agent-core/src/agent.int.test.ts':
    'sealClearOctoprintKeys (the repository’s update of keys stored in the clear) is tested only here',
  'apps/server/src/backup/backup.int.test.ts':
    'the snapshot is SQLite’s backup API on one and pg_dump / pg_restore on the other',
  'apps/server/src/storage/s3-startup.int.test.ts':
    "the orphan sweep's reading of every table that names a key, against a bucket",
  'apps/server/src/storage/s3-storage.int.test.ts':
    'S3 storage through the API (issue 28: its runs on both databases): the keys of files, previews, frames and videos written to and read from their rows, a delete’s keys from its transaction, a print start’s link from the file row',
  'apps/server/src/http/fuzz.int.test.ts':
    'generated bad input through every route, down to each one’s SQL',
  'apps/server/src/modules/getting-started/getting-started.int.test.ts':
    'existence queries with a join, an offset and a limit on both databases',
  'packages/agent-core/src/lan-bambu-prusalink.int.test.ts':
    'the sealed credential and pinned certificate columns (migration 0045), nothing saved on a refusal, and the print jobs',
  'apps/server/src/cli/cli.int.test.ts':
    'users and workspaces made by the CLI: unique constraints answer differently per dialect',
  'apps/server/src/db/migrator.int.test.ts': 'every migration applied on each dialect',
  'apps/server/src/db/migrations/0019-background-jobs.int.test.ts':
    'the migration copies rows with SQL of its own',
  'apps/server/src/db/migrations/0025-notification-delivery-jobs.int.test.ts':
    'the migration builds job keys and payloads with SQL of its own',
  'apps/server/src/jobs/job-runner.int.test.ts':
    'the job claim is a conditional UPDATE racing another connection',
  'apps/server/src/gateway/key-audit.int.test.ts':
    'device keys revoked and rotated in the table, read back by the periodic audit',
  'apps/server/src/modules/account/session-strength.int.test.ts':
    'session rows: strength, re-authentication times, other sessions ended',
  'apps/server/src/modules/files/files-deletion-impact.int.test.ts':
    'counting queue items through the file with SQL',
  'apps/server/src/modules/invitations/invitation-mail-crash.int.test.ts':
    'the invitation and its held mail job in one transaction, taken over after a restart',
  'apps/server/src/modules/notifications/notification-delivery-job.int.test.ts':
    'outbox rows and their delivery jobs claimed by two connections at once',
  'apps/server/src/modules/stats/job-rollups.int.test.ts':
    'roll-ups written in the ending transaction, equal to a direct count in SQL',
  'apps/server/src/modules/stats/job-rollups-by-user-and-file.int.test.ts':
    'per-user and per-file upserts in the ending transaction, a file deleted under row locks, sums in SQL',
  'apps/server/src/db/table-types.int.test.ts':
    'compares the table types with what the migrations create on each dialect',
  'apps/server/src/http/http.int.test.ts':
    'another workspace’s object is 404: the workspace scoping in every repository query',
  'apps/server/src/logging/log-hygiene.int.test.ts':
    'no secret in the logs, including the PostgreSQL connection string',
  'apps/server/src/shutdown.int.test.ts': 'closing the database pool with requests in flight',
  'apps/server/src/modules/account/two-factor.int.test.ts': REPOSITORY,
  'apps/server/src/modules/api-keys/api-key-workspace.int.test.ts': REPOSITORY,
  'apps/server/src/modules/api-keys/api-keys.int.test.ts': REPOSITORY,
  'apps/server/src/modules/auth/auth.int.test.ts': REPOSITORY,
  'apps/server/src/modules/auth/sessions.int.test.ts': 'session and reset-link expiry dates',
  'apps/server/src/modules/device-keys/device-pairing.int.test.ts':
    'a key pairs once: a conditional update racing another',
  'apps/server/src/modules/file-labels/file-labels.int.test.ts': 'the label tree’s SQL',
  'apps/server/src/modules/file-labels/label-tree-lock.int.test.ts': 'locking and transactions',
  'apps/server/src/modules/files/file-downloads.int.test.ts': 'download-link expiry dates',
  'apps/server/src/modules/files/files-detail.int.test.ts': 'JSON metadata columns',
  'apps/server/src/modules/files/files-list.int.test.ts': 'paging, ordering, LIKE and collation',
  'apps/server/src/modules/files/files-search-index.int.test.ts':
    'FTS5 trigram on SQLite, pg_trgm on PostgreSQL: each its own index',
  'apps/server/src/modules/files/files-upload-3mf.int.test.ts':
    'the plates column of migration 0037 written and read back as JSON on both databases',
  'apps/server/src/modules/files/files-upload.int.test.ts': REPOSITORY,
  'apps/server/src/modules/first-run/first-run.int.test.ts': 'the first account in one transaction',
  'apps/server/src/modules/idempotency/idempotency.int.test.ts':
    'unique keys racing, stored answers as JSON',
  'apps/server/src/modules/invitations/invitation-limits.int.test.ts':
    'budgets counted in SQL over a time window',
  'apps/server/src/modules/invitations/invitations.int.test.ts': REPOSITORY,
  'apps/server/src/modules/members/members.int.test.ts': REPOSITORY,
  'apps/server/src/modules/news/news.int.test.ts': REPOSITORY,
  'apps/server/src/modules/notifications/notification-delivery.int.test.ts':
    'the notification outbox’s rows, delivery jobs and retries',
  'apps/server/src/modules/notifications/chat-channels.int.test.ts':
    'outbox rows per chat channel joined through memberships, unique per (event, channel), quiet-hours waits',
  'apps/server/src/modules/notifications/notification-settings.int.test.ts': REPOSITORY,
  'apps/server/src/modules/print-jobs/print-job-sync.int.test.ts': 'print job rows and dates',
  'apps/server/src/modules/print-jobs/print-jobs.int.test.ts': 'print job rows and dates',
  'apps/server/src/modules/print-queue/print-queue-autostart.int.test.ts':
    'claiming the next queue item',
  'apps/server/src/modules/print-queue/print-queue-claim.int.test.ts':
    'two transactions claiming one item: only PostgreSQL really runs them side by side',
  'apps/server/src/modules/print-queue/print-queue-farm.int.test.ts':
    'copies inserted in one transaction, the start slot taken by a conditional update on a date',
  'apps/server/src/modules/print-queue/print-queue-filament.int.test.ts':
    'the loaded-filament filter in SQL, and two dispatchers racing for one printer’s plate',
  'apps/server/src/modules/print-queue/print-queue-paging.int.test.ts':
    'keyset pages by a row-value comparison, counts per state',
  'apps/server/src/modules/print-queue/print-queue-waiting.int.test.ts':
    'the version upsert from a select (ON CONFLICT … DO UPDATE) in each write transaction',
  'apps/server/src/modules/print-queue/print-queue-colour.int.test.ts':
    'the requirement conditions of the dispatch query (an OR per loaded spool, IN colours)',
  'apps/server/src/modules/print-queue/print-queue-wave.int.test.ts':
    'one read for a wave of printers (the spools of all in one OR), claims of many printers at once',
  'apps/server/src/modules/print-queue/print-queue.int.test.ts':
    'queue order and the claim of an item by one printer',
  'apps/server/src/modules/printers/devices-states-job.int.test.ts': REPOSITORY,
  'apps/server/src/modules/printers/printers.int.test.ts': REPOSITORY,
  'apps/server/src/modules/public-profile/public-profile.int.test.ts': REPOSITORY,
  'apps/server/src/modules/registration/registration.int.test.ts': 'registration link expiry dates',
  'apps/server/src/modules/spools/printer-spools.int.test.ts':
    'loads racing for one spool or one tool: row locks only PostgreSQL runs side by side',
  'apps/server/src/modules/spools/spool-consumption.int.test.ts':
    'usage taken from spools in the ending transaction, its key and the low crossing in SQL',
  'apps/server/src/modules/waiting-starts/waiting-starts.int.test.ts':
    'concurrent starts serialised by a workspace row lock (PostgreSQL) and a partial unique index',
  'apps/server/src/modules/spools/spools.int.test.ts':
    'search with LIKE and its escape, keyset pages and counts in SQL',
  'apps/server/src/modules/spoolman/spoolman.int.test.ts':
    'the mirror upsert, the connection upsert (ON CONFLICT) and pending usage sums in SQL',
  'apps/server/src/modules/stats/stats-charts.int.test.ts': 'date grouping in SQL',
  'apps/server/src/modules/stats/stats.int.test.ts': 'aggregates in SQL',
  'apps/server/src/modules/telegram/telegram-linking.int.test.ts': REPOSITORY,
  'apps/server/src/modules/videos/timelapse-quotas.int.test.ts':
    'the sum of a workspace’s timelapse bytes (a double beside an integer) in SQL',
  'apps/server/src/modules/videos/videos.int.test.ts': 'video rows and the encode queue',
  'apps/server/src/modules/workspaces/workspaces.int.test.ts': REPOSITORY,
  'apps/server/src/observability/metrics.int.test.ts':
    "the scrape's grouped counts (sum of sizes, min of due times) on both databases",
  'apps/server/src/modules/webhooks/webhook-events.int.test.ts':
    'deliveries written in the job-ending and consumption transactions, and for live printer changes',
  'apps/server/src/modules/webhooks/webhooks.int.test.ts':
    'deliveries unique per (webhook, event) with ON CONFLICT and RETURNING, in the ending transaction',
  'apps/server/src/modules/maintenance/maintenance.int.test.ts':
    'counters grown in the ending transaction, the once-per-period claim (a conditional UPDATE … RETURNING) racing',
  'apps/server/src/modules/energy-meters/energy-meters.int.test.ts':
    'the energy measured written before the ending transaction and priced in it (conditional UPDATEs on the open job)',
  'apps/server/src/modules/print-cost/print-cost.int.test.ts':
    'cost stored in the ending transaction and summed into the roll-ups; the CSV keyset pages in SQL',
};
