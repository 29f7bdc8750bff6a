// deploy/k8s renders with `kubectl kustomize` (as `kubectl apply -k` would), every object it gives
// validates against the Kubernetes schemas (kubernetes-models), and the objects agree with each
// other and with the image: selectors pick the pods they mean, Services and probes name ports the
// containers open, the servers are ready on /readyz and alive on a cheap path, Varnish mounts the
// one VCL from the generated ConfigMap, every Secret and ConfigMap named exists with the keys read,
// and the committed secrets are examples. Each check is also shown failing on a planted mistake.
import test from 'ava';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';

const ROOT = path.resolve(import.meta.dirname, '../..');
const K8S = path.join(ROOT, 'deploy/k8s');

type Json = Record<string, any>;

/** The rendered objects, or an error that says what to install when kubectl is missing. */
function render(dir: string, env: NodeJS.ProcessEnv = process.env): Json[] {
  const result = spawnSync('kubectl', ['kustomize', dir], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024, env });
  if ((result.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') {
    throw new Error('kubectl is missing: this test renders deploy/k8s with `kubectl kustomize`. Install kubectl (Debian: apt-get install -y kubernetes-client) and run it again.');
  }
  if (result.status !== 0) throw new Error(`kubectl kustomize ${path.relative(ROOT, dir)} failed: ${result.stderr || result.error?.message}`);
  return parseAllDocuments(result.stdout).map((document) => {
    if (document.errors.length > 0) throw new Error(`the render is not YAML: ${document.errors[0]!.message}`);
    return document.toJS() as Json;
  });
}

const idOf = (object: Json) => `${object.kind}/${object.metadata?.name}`;

/**
 * kubectl wraps a Secret's long base64 values over lines; the API server's decoder (Go's base64)
 * skips the line breaks, the schema's "byte" pattern does not: it is given them joined.
 */
function asTheApiServerReads(object: Json): Json {
  if (object.kind !== 'Secret' || !object.data) return object;
  return { ...object, data: Object.fromEntries(Object.entries<string>(object.data).map(([key, value]) => [key, value.replace(/\s+/g, '')])) };
}

/** Each object's schema failures (kubernetes-models: the JSON schemas of Kubernetes' OpenAPI). */
async function schemaProblems(objects: Json[]): Promise<string[]> {
  const problems: string[] = [];
  for (const object of objects) {
    const [group, version] = String(object.apiVersion).includes('/') ? String(object.apiVersion).split('/') : [null, String(object.apiVersion)];
    let models: Record<string, unknown>;
    try {
      models = (await import(`kubernetes-models/${group ? `${group}/` : ''}${version}`)) as Record<string, unknown>;
    } catch {
      problems.push(`${idOf(object)}: no schema for apiVersion ${object.apiVersion}`);
      continue;
    }
    const Model = models[object.kind] as (new (data: Json) => { validate(): void }) | undefined;
    if (!Model) {
      problems.push(`${idOf(object)}: no kind ${object.kind} in ${object.apiVersion}`);
      continue;
    }
    try {
      new Model(asTheApiServerReads(object)).validate();
    } catch (error) {
      problems.push(`${idOf(object)}: ${(error as Error).message}`);
    }
  }
  return problems;
}

const WORKLOADS = ['Deployment', 'StatefulSet'];
const workloads = (objects: Json[]) => objects.filter((object) => WORKLOADS.includes(object.kind));
const podLabels = (workload: Json): Record<string, string> => workload.spec?.template?.metadata?.labels ?? {};
const matches = (selector: Record<string, string> | undefined, labels: Record<string, string>) =>
  !!selector && Object.keys(selector).length > 0 && Object.entries(selector).every(([key, value]) => labels[key] === value);
const containers = (workload: Json): Json[] => workload.spec?.template?.spec?.containers ?? [];
const named = (objects: Json[], kind: string, name: string) => objects.find((object) => object.kind === kind && object.metadata?.name === name);

/** Selectors pick the pods they mean: workloads their own template, Services, budgets and spreads some workload's pods. */
function selectorProblems(objects: Json[]): string[] {
  const problems: string[] = [];
  const pods = workloads(objects);
  for (const workload of pods) {
    if (!matches(workload.spec?.selector?.matchLabels, podLabels(workload))) problems.push(`${idOf(workload)}: its selector does not match its own pod labels`);
    for (const spread of workload.spec?.template?.spec?.topologySpreadConstraints ?? []) {
      if (!matches(spread.labelSelector?.matchLabels, podLabels(workload))) problems.push(`${idOf(workload)}: a topology spread (${spread.topologyKey}) counts other pods than its own`);
    }
    if (workload.kind === 'StatefulSet' && !named(objects, 'Service', workload.spec?.serviceName)) problems.push(`${idOf(workload)}: serviceName ${workload.spec?.serviceName} is no Service`);
  }
  for (const object of objects) {
    const selector = object.kind === 'Service' ? object.spec?.selector : object.kind === 'PodDisruptionBudget' ? object.spec?.selector?.matchLabels : undefined;
    if ((object.kind === 'Service' || object.kind === 'PodDisruptionBudget') && !pods.some((workload) => matches(selector, podLabels(workload)))) {
      problems.push(`${idOf(object)}: its selector matches no pods`);
    }
    if (object.kind === 'HorizontalPodAutoscaler') {
      const target = object.spec?.scaleTargetRef ?? {};
      const workload = named(objects, target.kind, target.name);
      if (!workload || workload.apiVersion !== target.apiVersion) problems.push(`${idOf(object)}: scales ${target.apiVersion} ${target.kind}/${target.name}, which is not rendered`);
      else if (workload.spec?.replicas !== undefined) problems.push(`${idOf(object)}: ${idOf(workload)} sets replicas too, which fights the autoscaler`);
    }
  }
  return problems;
}

/** Whether a container opens a port by this name or number. */
const opens = (container: Json, port: string | number) => (container.ports ?? []).some((open: Json) => open.name === port || open.containerPort === port);

/** Services' targetPorts and every probe's port are ports the selected containers open. */
function portProblems(objects: Json[]): string[] {
  const problems: string[] = [];
  for (const service of objects.filter((object) => object.kind === 'Service' && object.spec?.selector)) {
    const selected = workloads(objects).filter((workload) => matches(service.spec.selector, podLabels(workload)));
    for (const port of service.spec.ports ?? []) {
      const target = port.targetPort ?? port.port;
      if (!selected.some((workload) => containers(workload).some((container) => opens(container, target)))) {
        problems.push(`${idOf(service)}: targetPort ${target} is no port of the pods it selects`);
      }
    }
  }
  for (const workload of workloads(objects)) {
    for (const container of containers(workload)) {
      for (const kind of ['readinessProbe', 'livenessProbe', 'startupProbe']) {
        const probe = container[kind];
        const port = probe?.httpGet?.port ?? probe?.tcpSocket?.port;
        if (probe && !opens(container, port)) problems.push(`${idOf(workload)} ${container.name}: ${kind} asks port ${port}, which it does not open`);
      }
    }
  }
  return problems;
}

/** Answered without the snapshot or the operator store: a stuck process is restarted, a late pipeline run or a store outage never is. */
const CHEAP_PATHS = ['/robots.txt'];
const SERVER_ENTRY = 'serve/server.ts';
const serverContainers = (objects: Json[]) =>
  workloads(objects).flatMap((workload) => containers(workload).filter((container) => [...(container.command ?? []), ...(container.args ?? [])].includes(SERVER_ENTRY)).map((container) => ({ workload, container })));

/** The servers: ready on /readyz, alive on a cheap path; the snapshots folder their one writable path. */
function serverProblems(objects: Json[]): string[] {
  const servers = serverContainers(objects);
  if (servers.length === 0) return ['no container runs serve/server.ts'];
  return servers.flatMap(({ workload, container }) => {
    const where = `${idOf(workload)} ${container.name}`;
    const problems: string[] = [];
    if (container.readinessProbe?.httpGet?.path !== '/readyz') problems.push(`${where}: readiness must be GET /readyz, not ${JSON.stringify(container.readinessProbe?.httpGet?.path ?? container.readinessProbe ?? null)}`);
    if (!CHEAP_PATHS.includes(container.livenessProbe?.httpGet?.path)) problems.push(`${where}: liveness must be a cheap path (${CHEAP_PATHS.join(', ')}), not ${JSON.stringify(container.livenessProbe?.httpGet?.path ?? null)}`);
    if (container.securityContext?.readOnlyRootFilesystem !== true) problems.push(`${where}: the root file system must be read-only`);
    if (!(container.volumeMounts ?? []).some((mount: Json) => mount.mountPath === '/app/snapshots')) problems.push(`${where}: nothing is mounted on /app/snapshots, its one writable path`);
    if (!container.resources?.requests?.memory || !container.resources?.limits?.memory) problems.push(`${where}: memory request and limit must be set`);
    if (!(workload.spec?.template?.spec?.topologySpreadConstraints ?? []).some((spread: Json) => spread.topologyKey === 'topology.kubernetes.io/zone')) problems.push(`${idOf(workload)}: its pods are not spread across zones`);
    return problems;
  });
}

/** Every ConfigMap and Secret a pod reads exists, with each key it reads. */
function referenceProblems(objects: Json[]): string[] {
  const problems: string[] = [];
  const keysOf = (kind: string, name: string): string[] | null => {
    const object = named(objects, kind, name);
    return object ? Object.keys({ ...object.data, ...object.stringData }) : null;
  };
  const need = (where: string, kind: string, name: string, key?: string) => {
    const keys = keysOf(kind, name);
    if (!keys) problems.push(`${where}: ${kind} ${name} is not rendered`);
    else if (key !== undefined && !keys.includes(key)) problems.push(`${where}: ${kind} ${name} has no key ${key}`);
  };
  for (const workload of workloads(objects)) {
    const spec = workload.spec?.template?.spec ?? {};
    for (const container of [...(spec.initContainers ?? []), ...(spec.containers ?? [])]) {
      const where = `${idOf(workload)} ${container.name}`;
      for (const variable of container.env ?? []) {
        const from = variable.valueFrom ?? {};
        if (from.secretKeyRef) need(`${where} ${variable.name}`, 'Secret', from.secretKeyRef.name, from.secretKeyRef.key);
        if (from.configMapKeyRef) need(`${where} ${variable.name}`, 'ConfigMap', from.configMapKeyRef.name, from.configMapKeyRef.key);
      }
      for (const source of container.envFrom ?? []) {
        if (source.secretRef) need(where, 'Secret', source.secretRef.name);
        if (source.configMapRef) need(where, 'ConfigMap', source.configMapRef.name);
      }
    }
    for (const volume of spec.volumes ?? []) {
      if (volume.configMap) need(`${idOf(workload)} volume ${volume.name}`, 'ConfigMap', volume.configMap.name);
      if (volume.secret) need(`${idOf(workload)} volume ${volume.name}`, 'Secret', volume.secret.secretName);
    }
  }
  return problems;
}

/** The environment variables a server reads from a Secret, never from plain text. */
const SECRET_SETTINGS = ['DATABASE_URL', 'HANDOFF_SECRET'];
/** The settings a server needs past one machine, from the shared ConfigMap. */
const SHARED_SETTINGS = ['SNAPSHOT_SOURCE_URL', 'TRUST_PROXY', 'BASE_URL'];

/** A Secret's keys that hold a secret (an rclone remote's type or region does not). */
const SECRET_KEY = /SECRET|PASSWORD|TOKEN|KEY|DATABASE_URL/;

/** The servers' settings come from where they should, and the committed Secrets hold examples only. */
function settingProblems(objects: Json[]): string[] {
  const problems: string[] = [];
  for (const { workload, container } of serverContainers(objects)) {
    const where = `${idOf(workload)} ${container.name}`;
    const env = new Map<string, Json>((container.env ?? []).map((variable: Json) => [variable.name, variable]));
    for (const name of SECRET_SETTINGS) if (!env.get(name)?.valueFrom?.secretKeyRef) problems.push(`${where}: ${name} must come from a Secret`);
    for (const name of SHARED_SETTINGS) if (!env.get(name)?.valueFrom?.configMapKeyRef) problems.push(`${where}: ${name} must come from the settings ConfigMap`);
  }
  for (const secret of objects.filter((object) => object.kind === 'Secret')) {
    for (const [key, value] of Object.entries<string>(secret.data ?? {})) {
      if (SECRET_KEY.test(key) && !Buffer.from(value, 'base64').toString('utf8').includes('EXAMPLE-ONLY')) problems.push(`${idOf(secret)}: ${key} is not marked EXAMPLE-ONLY: a real secret must never be committed`);
    }
  }
  return problems;
}

/** The pipeline and its crawler: one StatefulSet, one replica, on the schedule, with a volume and PUBLISH_TO. */
function pipelineProblems(objects: Json[]): string[] {
  const pipelines = objects.filter((object) => containers(object).some((container) => (container.args ?? []).includes('pipeline/run.ts')));
  if (pipelines.length !== 1) return [`the pipeline must run in exactly one workload, found ${pipelines.length}`];
  const [pipeline] = pipelines as [Json];
  const container = containers(pipeline).find((candidate) => (candidate.args ?? []).includes('pipeline/run.ts'))!;
  const problems: string[] = [];
  if (pipeline.kind !== 'StatefulSet' || pipeline.spec?.replicas !== 1) problems.push(`${idOf(pipeline)}: must be a StatefulSet of one replica (the crawler is its store's only writer)`);
  if (!(container.args ?? []).includes('--schedule')) problems.push(`${idOf(pipeline)}: must run --schedule (which starts the crawler beside it)`);
  const claims = (pipeline.spec?.volumeClaimTemplates ?? []).map((claim: Json) => claim.metadata?.name);
  if (!(container.volumeMounts ?? []).some((mount: Json) => mount.mountPath === '/app/snapshots' && claims.includes(mount.name))) problems.push(`${idOf(pipeline)}: /app/snapshots must be its claimed volume`);
  if (!(container.env ?? []).some((variable: Json) => variable.name === 'PUBLISH_TO')) problems.push(`${idOf(pipeline)}: PUBLISH_TO is not set`);
  return problems;
}

/** Varnish loads the one VCL, and this cluster's backends.vcl, from the generated ConfigMap. */
function vclProblems(objects: Json[], defaultVcl: string): string[] {
  const caches = workloads(objects).filter((workload) => containers(workload).some((container) => (container.args ?? container.command ?? []).includes('varnishd')));
  if (caches.length === 0) return ['no workload runs varnishd'];
  const problems: string[] = [];
  for (const cache of caches) {
    const container = containers(cache).find((candidate) => (candidate.args ?? candidate.command ?? []).includes('varnishd'))!;
    const args: string[] = container.args ?? container.command;
    const vclFile = args[args.indexOf('-f') + 1] ?? '';
    const vclPath = args.find((arg) => arg.startsWith('vcl_path='))?.slice('vcl_path='.length);
    const mount = (container.volumeMounts ?? []).find((candidate: Json) => candidate.mountPath === path.posix.dirname(vclFile));
    const volume = (cache.spec?.template?.spec?.volumes ?? []).find((candidate: Json) => candidate.name === mount?.name);
    const configMap = volume?.configMap ? named(objects, 'ConfigMap', volume.configMap.name) : undefined;
    const where = idOf(cache);
    if (!configMap) {
      problems.push(`${where}: ${vclFile} is not mounted from a rendered ConfigMap`);
      continue;
    }
    if (vclPath !== mount.mountPath) problems.push(`${where}: vcl_path (${vclPath}) is not the VCL's folder (${mount.mountPath}), so its include finds no backends.vcl`);
    const files = configMap.data ?? {};
    if (files[path.posix.basename(vclFile)] !== defaultVcl) problems.push(`${where}: ${path.posix.basename(vclFile)} in ${idOf(configMap)} is not deploy/k8s/varnish/default.vcl`);
    if (!/^\s*include\s+"backends\.vcl"\s*;/m.test(files[path.posix.basename(vclFile)] ?? '')) problems.push(`${where}: the VCL does not include backends.vcl`);
    const backends: string = files['backends.vcl'] ?? '';
    if (!/new\s+app\s*=\s*directors\./.test(backends)) problems.push(`${where}: backends.vcl declares no director named app`);
    if (!/\.url\s*=\s*"\/readyz"/.test(backends)) problems.push(`${where}: backends.vcl does not probe /readyz`);
    const hosts = [...backends.matchAll(/\.host\s*=\s*"([^"]+)"\s*;\s*\.port\s*=\s*"(\d+)"/g)];
    if (hosts.length === 0) problems.push(`${where}: backends.vcl declares no backend host and port`);
    for (const [, host, port] of hosts) {
      const service = named(objects, 'Service', host!);
      if (!service) problems.push(`${where}: backend host ${host} is no Service`);
      else if (!(service.spec?.ports ?? []).some((open: Json) => String(open.port) === port)) problems.push(`${where}: Service ${host} has no port ${port}`);
      else if (!serverContainers(objects).some(({ workload }) => matches(service.spec?.selector, podLabels(workload)))) problems.push(`${where}: Service ${host} does not select the servers`);
    }
  }
  return problems;
}

/** The manifests and the image agree: the user the pods run as, the snapshots folder, the port. */
function imageProblems(objects: Json[], containerfile: string): string[] {
  const problems: string[] = [];
  const finalStage = containerfile.slice(containerfile.lastIndexOf('\nFROM '));
  const user = /^USER (\d+)/m.exec(finalStage)?.[1];
  const snapshots = /SNAPSHOTS_DIR=(\S+)/.exec(finalStage)?.[1];
  const port = /^EXPOSE (\d+)/m.exec(finalStage)?.[1];
  for (const { workload, container } of serverContainers(objects)) {
    const runAs = workload.spec?.template?.spec?.securityContext?.runAsUser;
    if (String(runAs) !== user) problems.push(`${idOf(workload)}: runs as ${runAs}, the image's user is ${user}`);
    if (!(container.volumeMounts ?? []).some((mount: Json) => mount.mountPath === snapshots)) problems.push(`${idOf(workload)}: the image's SNAPSHOTS_DIR ${snapshots} is not mounted`);
    if (!opens(container, Number(port))) problems.push(`${idOf(workload)}: the image listens on ${port}, the container opens no such port`);
  }
  return problems;
}

let objects: Json[];
let defaultVcl: string;
let containerfile: string;
test.before(() => {
  objects = render(K8S);
  defaultVcl = fs.readFileSync(path.join(K8S, 'varnish/default.vcl'), 'utf8');
  containerfile = fs.readFileSync(path.join(ROOT, 'deploy/Containerfile'), 'utf8');
});

/** A deep copy with one mistake planted by `plant`. */
function planted(plant: (copy: Json[]) => void): Json[] {
  const copy = structuredClone(objects);
  plant(copy);
  return copy;
}
const server = (copy: Json[]) => named(copy, 'Deployment', 'care-home-server')!;
const serverContainer = (copy: Json[]) => containers(server(copy))[0]!;

test('deploy/k8s renders: servers, their Service, budget and autoscaler, the pipeline, Varnish, settings and secrets', (t) => {
  t.deepEqual(objects.map(idOf).map((id) => id.replace(/-[a-z0-9]{10}$/, '')).sort(), [
    'ConfigMap/care-home-settings',
    'ConfigMap/care-home-varnish-vcl',
    'Deployment/care-home-server',
    'Deployment/care-home-varnish',
    'HorizontalPodAutoscaler/care-home-server',
    'PodDisruptionBudget/care-home-server',
    'PodDisruptionBudget/care-home-varnish',
    'Secret/care-home-publish',
    'Secret/care-home-secrets',
    'Service/care-home-pipeline',
    'Service/care-home-server',
    'Service/care-home-varnish',
    'StatefulSet/care-home-pipeline',
  ]);
  t.is(named(objects, 'HorizontalPodAutoscaler', 'care-home-server')!.apiVersion, 'autoscaling/v2');
});

test('a missing kubectl or a broken kustomization fails with a clear message', (t) => {
  t.regex(t.throws(() => render(K8S, { ...process.env, PATH: path.join(ROOT, 'test/deploy/no-such-folder') }))!.message, /^kubectl is missing: .*Install kubectl/);
  t.regex(t.throws(() => render(path.join(ROOT, 'test/deploy/no-such-folder')))!.message, /^kubectl kustomize test\/deploy\/no-such-folder failed: .*no-such-folder/);
});

test('every object validates against the Kubernetes schemas', async (t) => {
  t.deepEqual(await schemaProblems(objects), []);
  const wrong = planted((copy) => {
    serverContainer(copy).ports[0].containerPort = '3000';
    named(copy, 'HorizontalPodAutoscaler', 'care-home-server')!.spec.minReplicas = 'two';
    copy.push({ apiVersion: 'example.org/v1', kind: 'Widget', metadata: { name: 'w' } });
  });
  t.deepEqual(await schemaProblems(wrong), [
    'Deployment/care-home-server: data/spec/template/spec/containers/0/ports/0/containerPort must be integer',
    'HorizontalPodAutoscaler/care-home-server: data/spec/minReplicas must be integer',
    'Widget/w: no schema for apiVersion example.org/v1',
  ]);
});

test('selectors pick the pods they mean: workloads, Services, disruption budgets, spreads, the autoscaler', (t) => {
  t.deepEqual(selectorProblems(objects), []);
  const wrong = planted((copy) => {
    named(copy, 'Service', 'care-home-server')!.spec.selector = { 'app.kubernetes.io/name': 'care-home-sever' };
    named(copy, 'PodDisruptionBudget', 'care-home-server')!.spec.selector.matchLabels = { app: 'server' };
    named(copy, 'StatefulSet', 'care-home-pipeline')!.spec.template.metadata.labels = { 'app.kubernetes.io/name': 'pipeline' };
    server(copy).spec.template.spec.topologySpreadConstraints[0].labelSelector.matchLabels = { 'app.kubernetes.io/name': 'care-home-varnish' };
    server(copy).spec.replicas = 3;
  });
  t.deepEqual(selectorProblems(wrong), [
    'Deployment/care-home-server: a topology spread (topology.kubernetes.io/zone) counts other pods than its own',
    'StatefulSet/care-home-pipeline: its selector does not match its own pod labels',
    'Service/care-home-pipeline: its selector matches no pods',
    'Service/care-home-server: its selector matches no pods',
    'PodDisruptionBudget/care-home-server: its selector matches no pods',
    'HorizontalPodAutoscaler/care-home-server: Deployment/care-home-server sets replicas too, which fights the autoscaler',
  ]);
});

test("Services' targetPorts and every probe name ports the containers open", (t) => {
  t.deepEqual(portProblems(objects), []);
  const wrong = planted((copy) => {
    named(copy, 'Service', 'care-home-varnish')!.spec.ports[0].targetPort = 80;
    serverContainer(copy).livenessProbe.httpGet.port = 'web';
  });
  t.deepEqual(portProblems(wrong), [
    'Service/care-home-varnish: targetPort 80 is no port of the pods it selects',
    'Deployment/care-home-server server: livenessProbe asks port web, which it does not open',
  ]);
});

test('the servers are ready on /readyz, alive on a cheap path, read-only but for their snapshots, sized, spread across zones', (t) => {
  t.deepEqual(serverProblems(objects), []);
  const wrong = planted((copy) => {
    serverContainer(copy).readinessProbe.httpGet.path = '/healthz';
    serverContainer(copy).livenessProbe.httpGet.path = '/readyz';
    serverContainer(copy).securityContext.readOnlyRootFilesystem = false;
    delete serverContainer(copy).resources.limits;
    server(copy).spec.template.spec.topologySpreadConstraints.shift();
  });
  t.deepEqual(serverProblems(wrong), [
    'Deployment/care-home-server server: readiness must be GET /readyz, not "/healthz"',
    'Deployment/care-home-server server: liveness must be a cheap path (/robots.txt), not "/readyz"',
    'Deployment/care-home-server server: the root file system must be read-only',
    'Deployment/care-home-server server: memory request and limit must be set',
    'Deployment/care-home-server: its pods are not spread across zones',
  ]);
  t.deepEqual(serverProblems(planted((copy) => copy.splice(copy.indexOf(server(copy)), 1))), ['no container runs serve/server.ts']);
});

test('every Secret and ConfigMap a pod reads is rendered, with the keys it reads', (t) => {
  t.deepEqual(referenceProblems(objects), []);
  const wrong = planted((copy) => {
    const env = serverContainer(copy).env as Json[];
    env.find((variable) => variable.name === 'HANDOFF_SECRET')!.valueFrom.secretKeyRef.name = 'handoff';
    env.find((variable) => variable.name === 'BASE_URL')!.valueFrom.configMapKeyRef.key = 'PUBLIC_URL';
    copy.splice(copy.findIndex((object) => object.metadata.name.startsWith('care-home-publish')), 1);
  });
  t.deepEqual(
    referenceProblems(wrong).map((problem) => problem.replace(/-[a-z0-9]{10}\b/g, '')),
    [
      'Deployment/care-home-server server BASE_URL: ConfigMap care-home-settings has no key PUBLIC_URL',
      'Deployment/care-home-server server HANDOFF_SECRET: Secret handoff is not rendered',
      'StatefulSet/care-home-pipeline pipeline: Secret care-home-publish is not rendered',
    ],
  );
});

test('DATABASE_URL and HANDOFF_SECRET come from a Secret, the shared settings from the ConfigMap, and committed secrets are examples', (t) => {
  t.deepEqual(settingProblems(objects), []);
  const wrong = planted((copy) => {
    const env = serverContainer(copy).env as Json[];
    env.find((variable) => variable.name === 'DATABASE_URL')!.value = 'postgres://app:hunter2@db/app';
    delete env.find((variable) => variable.name === 'DATABASE_URL')!.valueFrom;
    env.splice(env.findIndex((variable) => variable.name === 'TRUST_PROXY'), 1);
    const secret = copy.find((object) => object.kind === 'Secret' && object.metadata.name.startsWith('care-home-secrets'))!;
    secret.data.HANDOFF_SECRET = Buffer.from('a-real-looking-secret-of-more-than-32-bytes').toString('base64');
  });
  t.deepEqual(
    settingProblems(wrong).map((problem) => problem.replace(/-[a-z0-9]{10}:/, ':')),
    [
      'Deployment/care-home-server server: DATABASE_URL must come from a Secret',
      'Deployment/care-home-server server: TRUST_PROXY must come from the settings ConfigMap',
      'Secret/care-home-secrets: HANDOFF_SECRET is not marked EXAMPLE-ONLY: a real secret must never be committed',
    ],
  );
});

test('the pipeline and its crawler are one StatefulSet of one replica, on the schedule, on its own volume, publishing', (t) => {
  t.deepEqual(pipelineProblems(objects), []);
  const wrong = planted((copy) => {
    const pipeline = named(copy, 'StatefulSet', 'care-home-pipeline')!;
    pipeline.spec.replicas = 2;
    const container = containers(pipeline)[0]!;
    container.args = container.args.filter((arg: string) => arg !== '--schedule');
    container.volumeMounts[0].name = 'scratch';
    container.env = [];
  });
  t.deepEqual(pipelineProblems(wrong), [
    'StatefulSet/care-home-pipeline: must be a StatefulSet of one replica (the crawler is its store\'s only writer)',
    'StatefulSet/care-home-pipeline: must run --schedule (which starts the crawler beside it)',
    'StatefulSet/care-home-pipeline: /app/snapshots must be its claimed volume',
    'StatefulSet/care-home-pipeline: PUBLISH_TO is not set',
  ]);
});

test('Varnish loads the one VCL and backends.vcl from the generated ConfigMap, its backend the servers\' Service probed on /readyz', (t) => {
  t.deepEqual(vclProblems(objects, defaultVcl), []);
  const vcl = (copy: Json[]) => copy.find((object) => object.kind === 'ConfigMap' && object.metadata.name.startsWith('care-home-varnish-vcl'))!;
  const wrong = planted((copy) => {
    const files = vcl(copy).data;
    files['default.vcl'] = files['default.vcl'].replace(/include "backends\.vcl";/, '');
    files['backends.vcl'] = files['backends.vcl'].replace('"/readyz"', '"/healthz"').replace('"care-home-server"', '"care-home-servers"').replace('new app =', 'new servers =');
    const args = containers(named(copy, 'Deployment', 'care-home-varnish')!)[0]!.args as string[];
    args[args.findIndex((arg) => arg.startsWith('vcl_path='))] = 'vcl_path=/usr/share/varnish/vcl';
  });
  t.deepEqual(vclProblems(wrong, defaultVcl), [
    'Deployment/care-home-varnish: vcl_path (/usr/share/varnish/vcl) is not the VCL\'s folder (/etc/varnish), so its include finds no backends.vcl',
    'Deployment/care-home-varnish: default.vcl in ConfigMap/' + vcl(objects).metadata.name + ' is not deploy/k8s/varnish/default.vcl',
    'Deployment/care-home-varnish: the VCL does not include backends.vcl',
    'Deployment/care-home-varnish: backends.vcl declares no director named app',
    'Deployment/care-home-varnish: backends.vcl does not probe /readyz',
    'Deployment/care-home-varnish: backend host care-home-servers is no Service',
  ]);
  const unmounted = planted((copy) => {
    named(copy, 'Deployment', 'care-home-varnish')!.spec.template.spec.volumes[0].configMap.name = 'vcl';
  });
  t.deepEqual(vclProblems(unmounted, defaultVcl), ['Deployment/care-home-varnish: /etc/varnish/default.vcl is not mounted from a rendered ConfigMap']);
});

test('one VCL: deploy/varnish/default.vcl, where present, is the file the ConfigMap carries', (t) => {
  const published = path.join(ROOT, 'deploy/varnish/default.vcl');
  if (!fs.existsSync(published)) return t.pass('deploy/varnish/default.vcl is not on this branch');
  t.is(fs.realpathSync(published), fs.realpathSync(path.join(K8S, 'varnish/default.vcl')));
});

test('the manifests and the image agree: its user, its snapshots folder, its port', (t) => {
  t.deepEqual(imageProblems(objects, containerfile), []);
  const otherImage = containerfile.replace(/^USER 10001:10001$/m, 'USER 1000:1000').replace('SNAPSHOTS_DIR=/app/snapshots', 'SNAPSHOTS_DIR=/data').replace(/^EXPOSE 3000$/m, 'EXPOSE 8080');
  t.deepEqual(imageProblems(objects, otherImage), [
    'Deployment/care-home-server: runs as 10001, the image\'s user is 1000',
    'Deployment/care-home-server: the image\'s SNAPSHOTS_DIR /data is not mounted',
    'Deployment/care-home-server: the image listens on 8080, the container opens no such port',
  ]);
});
