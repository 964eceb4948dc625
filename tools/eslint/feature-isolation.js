import path from 'node:path';

/**
 * Web features never import each other (DESIGN §3): shared code goes down to components/ or lib/.
 * Checked on the resolved path, so `../auth/api/x` from features/alerts is caught as well as
 * `../../features/auth/x`. The app layer (app/) composes features and is not checked.
 */
const FEATURES = `${path.sep}apps${path.sep}web${path.sep}src${path.sep}features${path.sep}`;

/** The feature a file belongs to ('alerts' for …/features/alerts/api/x.ts), or undefined. */
function featureOf(file) {
  const at = file.indexOf(FEATURES);
  if (at < 0) return undefined;
  return file.slice(at + FEATURES.length).split(path.sep)[0];
}

export const featureIsolation = {
  meta: {
    type: 'problem',
    docs: { description: 'A web feature does not import another feature (by any path).' },
    messages: { crossFeature: 'features/{{from}} imports features/{{to}}: features do not import each other; move shared code to components/ or lib/.' },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const own = featureOf(file);
    if (!own) return {};
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = featureOf(path.resolve(path.dirname(file), source));
      if (target && target !== own) context.report({ node, messageId: 'crossFeature', data: { from: own, to: target } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export default { rules: { 'feature-isolation': featureIsolation } };
