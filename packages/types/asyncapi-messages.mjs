// Names what the streaming document (asyncapi/) holds, once resolved: each message of the
// channel with its direction (what a client sends, what the service sends), its payload schema
// and, for a subscription, the schema of its JSON arguments.
/** The channel's messages of a resolved document (the bundled JSON, or the parser's
 * `document.json()`): `{ key, name, direction, payload, arguments, examples }`, by key. Messages
 * the service receives are `client`, the ones it sends (and its replies) `server`. */
export function streamingMessages(resolved) {
  const channel = resolved.channels.ws.messages;
  // An operation's message is a reference to the channel's, or (in a bundle) a copy of it.
  const keyOf = (message) =>
    Object.keys(channel).find((key) =>
      message.$ref
        ? message.$ref === `#/channels/ws/messages/${key}`
        : JSON.stringify(channel[key]) === JSON.stringify(message),
    );
  const direction = new Map();
  for (const operation of Object.values(resolved.operations ?? {})) {
    for (const message of operation.messages ?? []) {
      direction.set(keyOf(message), operation.action === 'receive' ? 'client' : 'server');
    }
    for (const message of operation.reply?.messages ?? []) direction.set(keyOf(message), 'server');
  }
  return Object.entries(channel)
    .map(([key, message]) => ({
      key,
      name: message.name,
      direction: direction.get(key),
      payload: message.payload,
      arguments: message['x-arguments'],
      examples: message.examples ?? [],
    }))
    .sort((a, b) => a.key.localeCompare(b.key));
}
