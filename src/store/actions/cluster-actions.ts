import type { Cluster } from '../../api/schemas/cluster.js';
import { creationProgress, defaultKubeconfigPath, kubectlLine, recreateHint } from '../../domain/cluster.js';
import { duration } from '../../domain/format.js';
import { sanitize } from '../../domain/sanitize.js';
import { ui } from '../state/app-store.js';
import { followCluster } from './follow-kinds.js';
import { kubeconfigPathError, pathState, writeKubeconfig } from './kubeconfig.js';
import { type ActionDeps, copyText, runAction } from './mutate.js';

const REFRESH = ['clusters'] as const;

/**
 * Deletes a cluster after its name is typed: irreversible, all of the cluster's data goes. A cluster stuck in
 * CREATING for 30 minutes or more is told so (the documented remedy is to delete and create it again), and the
 * status line then says what to create it again with.
 */
export function deleteCluster(deps: ActionDeps, c: Cluster, now: number): void {
  const name = sanitize(c.name);
  const progress = creationProgress(c, now);
  const stuck = progress?.phase === 'stuck';
  const why = stuck
    ? `${name} has been CREATING for ${duration(progress.elapsedMs)}: a cluster not ACTIVE after 30 minutes is to be deleted and created again. `
    : c.status === 'ERROR'
      ? `${name} is in ERROR; delete it and create it again. `
      : '';
  const hint = recreateHint(c);
  ui.openModal(deps.store, {
    kind: 'type-to-confirm',
    title: `Delete cluster ${name}?`,
    message: `${why}Deleting is irreversible: the cluster, its nodes and all of its data are deleted. Type its name to confirm.`,
    expected: c.name,
    onConfirm: () =>
      void runAction(deps, (api) => api.clusters.delete(c.id), {
        doing: `Deleting cluster ${name}`,
        done:
          stuck || c.status === 'ERROR'
            ? `Delete requested for ${name}${hint ? `; to create it again: ${sanitize(hint)}` : ''}`
            : `Delete requested for ${name}`,
        refresh: REFRESH,
      }).then((r) => {
        if (r !== undefined) followCluster(deps, c, c.status ?? undefined);
      }),
  });
}

/**
 * Saves the cluster's kubeconfig: asks for the file (default ./<name>.kubeconfig), asks again before replacing a
 * file, writes it 0600, then copies `KUBECONFIG=<file> kubectl get nodes` to the clipboard and shows it.
 */
export function saveKubeconfig(deps: ActionDeps, c: Cluster): void {
  const name = sanitize(c.name);
  const content = c.kube_config ?? '';
  if (!content.trim()) {
    ui.say(deps.store, `${name} has no kubeconfig yet: it is handed out once the cluster is ACTIVE`, 'error');
    return;
  }
  ui.openModal(deps.store, {
    kind: 'prompt',
    title: `Save the kubeconfig of ${name}`,
    message: 'File to write (readable by you only, mode 0600). It holds the credentials of the cluster.',
    initial: defaultKubeconfigPath(c.name),
    validate: kubeconfigPathError,
    onSubmit: (path) => {
      const file = path.trim();
      if (pathState(file) === 'file') {
        ui.openModal(deps.store, {
          kind: 'confirm',
          title: `Overwrite ${sanitize(file)}?`,
          message: 'A file of that name exists: it will be replaced by the kubeconfig of this cluster.',
          confirmLabel: 'overwrite',
          danger: true,
          onConfirm: () => void writeAndTell(deps, name, file, content),
        });
        return;
      }
      void writeAndTell(deps, name, file, content);
    },
  });
}

async function writeAndTell(deps: ActionDeps, name: string, file: string, content: string): Promise<void> {
  let saved: string;
  try {
    saved = await writeKubeconfig(file, content);
  } catch (e) {
    ui.say(
      deps.store,
      `Cannot save the kubeconfig of ${name} to ${sanitize(file)}: ${e instanceof Error ? e.message : String(e)}`,
      'error',
    );
    return;
  }
  const line = kubectlLine(saved);
  if (line) await copyText(deps, line, 'kubeconfig saved (mode 600); ');
  else ui.say(deps.store, `kubeconfig saved (mode 600) to ${sanitize(saved)}`, 'ok');
}
