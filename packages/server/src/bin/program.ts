import { Command, CommanderError, Option } from 'commander';
import { defaultFixtures } from '../fixtures/index.js';
import { defaultCheckLimits } from '../proxy/check-limits.js';
import type { CompareOptions } from './compare-command.js';
import { streamsOf, type CliIo } from './io.js';
import {
  integer,
  logLevels,
  marketReplayOption,
  type MarketReplayFile,
  parseTrustProxy,
  storeSpec,
  previousTokenSigningKeyOption,
  tokenSigningKeyOption,
  upstreamUrl,
} from './options.js';
import type { ReplayOptions } from './replay-command.js';
import { usageExitCode } from './usage.js';

/** What the command line asked for: the server (or proxy), or a subcommand. */
export type Chosen =
  | { command: 'serve' }
  | { command: 'compare'; file: string; options: CompareOptions }
  | { command: 'replay'; file: string; options: ReplayOptions };

/** Takes no action: the choice is read where it matters. */
const ignore = (): void => undefined;

/** The command line, parsed by commander (usage errors throw, exit code 2): the server's options,
 * and the `compare` and `replay` subcommands; `choose` hears which one was asked for. */
export function buildProgram(io: CliIo = {}, choose: (chosen: Chosen) => void = ignore): Command {
  const { stdout, stderr } = streamsOf(io);
  const users = defaultFixtures.users.map((user) => user.username);
  const program = new Command('brokerage-server')
    .description(
      'Reference server of the brokerage Web API: a stateful simulation, validated against the document.',
    )
    .addOption(
      new Option('--port <number>', 'port to listen on (0: any free port)')
        .default(5000)
        .argParser(integer(0, 65535)),
    )
    .addOption(new Option('--host <host>', 'address to listen on').default('127.0.0.1'))
    .addOption(
      new Option(
        '--tls',
        'serve HTTPS with a self-signed certificate, as the local gateway does',
      ).default(false),
    )
    .addOption(
      new Option(
        '--mode <mode>',
        'gateway: a logged-in user, no credentials needed; hosted: every request carries credentials',
      )
        .choices(['gateway', 'hosted'])
        .default('gateway'),
    )
    .addOption(
      new Option(
        '--store <url>',
        'where the state lives: memory, or redis://host:port/db[?prefix=name] (shared by every process on it, kept across restarts)',
      )
        .env('BROKERAGE_STORE')
        .default('memory')
        .argParser(storeSpec),
    )
    .addOption(
      new Option(
        '--on-store-lost <action>',
        'when Redis comes back without the state (restarted empty, flushed): reseed the fixtures (once across processes), or exit (code 1) so that --workers or a supervisor starts a fresh process',
      )
        .choices(['reseed', 'exit'])
        .env('BROKERAGE_ON_STORE_LOST')
        .default('reseed'),
    )
    .addOption(
      new Option(
        '--workers <number>',
        'server processes sharing the port (node:cluster; a worker that dies is replaced); more than 1 needs --store redis://...',
      )
        .env('BROKERAGE_WORKERS')
        .default(1)
        .argParser(integer(1, 64)),
    )
    .addOption(new Option('--no-pacing', 'do not limit request rates'))
    .addOption(
      new Option('--session-timeout <seconds>', 'idle time after which a session ends')
        .default(300)
        .argParser(integer(1, 86_400)),
    )
    .addOption(
      new Option('--seed <number>', 'seed of the simulation (ids, fills)')
        .default(1)
        .argParser(integer(0, 2 ** 32 - 1)),
    )
    .addOption(
      new Option(
        '--market-replay <conid=file>',
        'replay bars on a contract: a CSV, a saved history answer (.json) or the history answers of a recording (.har); add @YYYY-MM-DD to move them to that day (repeatable)',
      )
        .default([])
        .argParser((value: string, previous: MarketReplayFile[]) => [
          ...previous,
          marketReplayOption(value),
        ]),
    )
    .addOption(
      new Option('--log-level <level>', 'level of the JSON logs on stdout')
        .choices(logLevels)
        .default('info'),
    )
    .addOption(
      new Option('--user <username>', "the gateway's logged-in user (gateway mode)")
        .choices(users)
        .default('demo_individual'),
    )
    .addOption(
      new Option(
        '--register-consumer <file>',
        'register an OAuth 1.0a consumer from a JSON file {consumerKey, signaturePublicKey, encryptionPublicKey, dhPrime, realm?, users?}: only the users listed may authorize it (repeatable)',
      )
        .argParser((file: string, previous: string[]) => [...previous, file])
        .default([]),
    )
    .addOption(
      new Option(
        '--register-client <file>',
        'register an OAuth 2.0 client from a JSON file {clientId, keys (public JWKs with kid), scopes, endUsers}: granted only those scopes, acting only for those users (repeatable)',
      )
        .argParser((file: string, previous: string[]) => [...previous, file])
        .default([]),
    )
    .addOption(
      new Option(
        '--test-consumer',
        'serve the shipped test consumer and client TESTCONS (OAuth 1.0a and 2.0), whose private keys are public: anyone can then act for the demo users (default: in gateway mode only)',
      ),
    )
    .addOption(new Option('--no-test-consumer', 'do not serve TESTCONS, in any mode'))
    .addOption(
      new Option(
        '--control-token <token>',
        'admin token of the control API (/control), required on every control request as "Authorization: Bearer <token>"; in hosted mode the control API is served only with one',
      ).env('BROKERAGE_CONTROL_TOKEN'),
    )
    .addOption(new Option('--no-control', 'do not serve the control API (/control) at all'))
    .addOption(
      new Option(
        '--token-signing-key <file>',
        "sign the OAuth 2.0 and single sign-on tokens with this RSA private key (PEM, 2048 to 8192 bits; the file, or the PEM text itself): servers given the same key accept each other's tokens, also after a restart, without a shared store (default: keys kept in the store, rotated daily)",
      )
        .env('BROKERAGE_TOKEN_SIGNING_KEY')
        .argParser(tokenSigningKeyOption),
    )
    .addOption(
      new Option(
        '--token-signing-key-previous <file>',
        'a key --token-signing-key replaced (PEM, the file or the text; repeatable): it no longer signs, but the tokens it signed stay valid until they expire; give it for a day (the longest token lifetime) after the change, then drop it',
      )
        .env('BROKERAGE_TOKEN_SIGNING_KEY_PREVIOUS')
        .argParser(previousTokenSigningKeyOption)
        .default([]),
    )
    .addOption(
      new Option(
        '--trust-proxy <list>',
        'proxies trusted to name the client address in X-Forwarded-For (Express "trust proxy"): comma-separated addresses or subnets, loopback/linklocal/uniquelocal, a number of hops, or true; the throttles count per client address',
      )
        .argParser(parseTrustProxy)
        .default(false),
    )
    .addOption(
      new Option(
        '--proxy <url>',
        'instead of the simulation, forward every request to this upstream (e.g. the gateway at https://localhost:5000) and report each exchange that breaks the document',
      ).argParser(upstreamUrl),
    )
    .addOption(
      new Option('--proxy-report <file>', "the proxy's NDJSON report (-: stdout)").default('-'),
    )
    .addOption(
      new Option('--insecure', "accept the proxy upstream's self-signed certificate").default(
        false,
      ),
    )
    .addOption(
      new Option(
        '--proxy-check-bytes <bytes>',
        'bytes of each body the proxy keeps to check it; a larger body streams through and is reported as too large to check',
      )
        .argParser(integer(1, 2 ** 30))
        .default(defaultCheckLimits.maxBytes),
    )
    .addOption(
      new Option(
        '--shutdown-grace <ms>',
        'on SIGINT or SIGTERM, how long requests in flight may finish before their connections are closed',
      )
        .argParser(integer(0, 600_000))
        .default(10_000),
    )
    .addOption(
      new Option(
        '--record <file>',
        'write every exchange to this HAR 1.2 file as it happens (through --proxy, or of the simulation itself, with its WebSocket frames)',
      ),
    )
    .addOption(
      new Option(
        '--no-redact',
        'record cookies, authorization, OAuth parameters, tokens and account ids as they were (default: replaced by pseudonyms)',
      ),
    )
    .helpOption('-h, --help', 'show this help')
    .configureOutput({
      writeOut: (text) => stdout.write(text),
      writeErr: (text) => stderr.write(text),
    })
    .exitOverride((error) => {
      throw error.exitCode === 0
        ? error
        : new CommanderError(usageExitCode, error.code, error.message);
    })
    .enablePositionalOptions()
    .action(() => choose({ command: 'serve' }));
  program
    .command('compare')
    .description(
      'send the requests of a recording again, in order, to a fresh sandbox (or --against a base URL) and report where the answers differ: statuses, shapes, message texts; exits 1 when a shape or status differs',
    )
    .argument('<recording>', 'a HAR file (from --record)')
    .addOption(new Option('--against <url>', 'compare with this base URL').argParser(upstreamUrl))
    .addOption(
      new Option(
        '--cookie <cookie>',
        'a Cookie header sent on every request instead of the recorded one, e.g. "api=<session>" for a hosted target',
      ).env('BROKERAGE_COOKIE'),
    )
    .addOption(
      new Option(
        '--bearer <token>',
        'an OAuth 2 access token sent on every request as "Authorization: Bearer <token>"',
      ).env('BROKERAGE_BEARER_TOKEN'),
    )
    .addOption(new Option('--json', 'the report as JSON on stdout').default(false))
    .addOption(
      new Option('--markdown', 'the report as Markdown tables on stdout')
        .default(false)
        .conflicts('json'),
    )
    .addOption(
      new Option('--seed <number>', "the fresh sandbox's seed")
        .default(1)
        .argParser(integer(0, 2 ** 32 - 1)),
    )
    .action((file: string, options: CompareOptions) =>
      choose({ command: 'compare', file, options }),
    );
  program
    .command('replay')
    .description(
      'serve a recording back as a stub: each request gets its recorded answer (in recorded order when repeated); one never recorded gets 501 naming the closest recorded exchange',
    )
    .argument('<recording>', 'a HAR file (from --record)')
    .addOption(
      new Option('--port <number>', 'port to listen on (0: any free port)')
        .default(5000)
        .argParser(integer(0, 65535)),
    )
    .addOption(new Option('--host <host>', 'address to listen on').default('127.0.0.1'))
    .action((file: string, options: ReplayOptions) => choose({ command: 'replay', file, options }));
  return program;
}
