import {
  type Firewall,
  type FirewallRuleInput,
  isRuleProtocolName,
  type RuleProtocolName,
} from '../../src/api/schemas/firewall.js';
import { isIpv4Cidr, isIpv6Cidr, portRangeError, RULE_PROTOCOLS } from '../../src/domain/firewall-rule.js';
import { sanitize } from '../../src/domain/sanitize.js';
import type { ActionDeps } from '../../src/store/actions/mutate.js';
import { mutate } from '../../src/store/actions/mutate.js';
import type { FieldOption, FormSpec } from '../../src/store/state/form-spec.js';
import { readData } from '../../src/store/state/resources.js';

/** The presets of the "add rule" form, and "custom". */
export const RULE_PRESETS = {
  ssh: { label: 'SSH', protocol: 'tcp', ports: [22, 22] },
  http: { label: 'HTTP', protocol: 'tcp', ports: [80, 80] },
  https: { label: 'HTTPS', protocol: 'tcp', ports: [443, 443] },
  icmp: { label: 'ICMP (ping)', protocol: 'icmp', ports: undefined },
} as const satisfies Record<
  string,
  { label: string; protocol: string; ports: readonly [number, number] | undefined }
>;

type Preset = keyof typeof RULE_PRESETS | 'custom';

/** The presets as the form offers them ("SSH  tcp 22"), then "custom". */
const PRESET_OPTIONS: readonly FieldOption[] = [
  ...Object.entries(RULE_PRESETS).map(([value, p]) => ({
    label: p.label,
    value,
    hint: p.ports ? `${p.protocol} ${p.ports[0]}` : 'no ports',
  })),
  { label: 'Custom', value: 'custom', hint: 'any protocol and ports' },
];
const WITH_PORTS = new Set(['tcp', 'udp']);
const ANYWHERE = { IPv4: '0.0.0.0/0', IPv6: '::/0' } as const;

/** The form's values, by field id. */
export type RuleValues = {
  preset: string | undefined;
  direction: string | undefined;
  protocol: string | undefined;
  port_min: number | undefined;
  port_max: number | undefined;
  ethertype: string | undefined;
  remote: string;
};

const preset = (values: RuleValues): Preset => (values.preset || 'ssh') as Preset;
const isCustom = (values: RuleValues) => preset(values) === 'custom';
const protocolOf = (values: RuleValues): RuleProtocolName => {
  const p = isCustom(values)
    ? (values.protocol ?? '')
    : RULE_PRESETS[preset(values) as keyof typeof RULE_PRESETS].protocol;
  return isRuleProtocolName(p) ? p : 'tcp';
};
const needsPorts = (values: RuleValues) => isCustom(values) && WITH_PORTS.has(protocolOf(values));
const ethertypeOf = (values: RuleValues): 'IPv4' | 'IPv6' => (values.ethertype === 'IPv6' ? 'IPv6' : 'IPv4');

/** TCP and UDP ports are 16-bit and 0 is reserved; the OpenAPI gives no bound, the service refuses above 65535. */
export const PORT_MIN = 1;
export const PORT_MAX = 65535;

/** A port field's error: a whole number from 1 to 65535. */
export function portError(v: number | undefined): string | undefined {
  if (v === undefined) return undefined;
  if (!Number.isInteger(v)) return 'a port is a whole number';
  if (v < PORT_MIN || v > PORT_MAX) return `ports are ${PORT_MIN} to ${PORT_MAX}`;
  return undefined;
}

/** The last port's error: a valid port, not below the first one. Empty means "the first port only". */
export function portMaxError(v: number | undefined, values: RuleValues): string | undefined {
  const own = portError(v);
  if (own || v === undefined) return own;
  const min = values.port_min;
  if (min === undefined || portError(min)) return undefined;
  return portRangeError(min, v) ? `the last port must not be below the first (${min})` : undefined;
}

/** The remote prefix's error: a CIDR of the rule's ethertype (empty means anywhere). */
export function remoteError(v: string, values: RuleValues): string | undefined {
  const cidr = v.trim();
  if (!cidr) return undefined;
  const ethertype = ethertypeOf(values);
  const v4 = isIpv4Cidr(cidr);
  const v6 = isIpv6Cidr(cidr);
  if (ethertype === 'IPv4' && v6) return `${cidr} is an IPv6 CIDR but the ethertype is IPv4`;
  if (ethertype === 'IPv6' && v4) return `${cidr} is an IPv4 CIDR but the ethertype is IPv6`;
  if (ethertype === 'IPv4' && !v4) return `${cidr} is not an IPv4 CIDR (e.g. 10.0.0.0/8 or 0.0.0.0/0)`;
  if (ethertype === 'IPv6' && !v6) return `${cidr} is not an IPv6 CIDR (e.g. 2001:db8::/32 or ::/0)`;
  return undefined;
}

/** The rule the values describe (the request body), or undefined while they are incomplete. */
export function ruleFromValues(values: RuleValues): FirewallRuleInput | undefined {
  const ethertype = ethertypeOf(values);
  const direction = values.direction === 'egress' ? 'egress' : 'ingress';
  const remote = values.remote.trim() || ANYWHERE[ethertype];
  if (remoteError(remote, values)) return undefined;
  const protocol = protocolOf(values);
  let ports: readonly [number, number] | undefined;
  if (!isCustom(values)) ports = RULE_PRESETS[preset(values) as keyof typeof RULE_PRESETS].ports;
  else if (needsPorts(values)) {
    const min = values.port_min;
    const max = values.port_max ?? min;
    if (min === undefined || max === undefined || portRangeError(min, max)) return undefined;
    ports = [min, max];
  }
  return {
    direction,
    protocol,
    ethertype,
    remote_ip_prefix: remote,
    ...(ports ? { port_range_min: ports[0], port_range_max: ports[1] } : {}),
  };
}

/** "ingress tcp port 22 from anywhere (0.0.0.0/0, IPv4)". */
export function ruleSummary(rule: FirewallRuleInput): string {
  const ports =
    rule.port_range_min === undefined
      ? 'all ports'
      : rule.port_range_min === rule.port_range_max
        ? `port ${rule.port_range_min}`
        : `ports ${rule.port_range_min}-${rule.port_range_max}`;
  const anywhere = rule.remote_ip_prefix === ANYWHERE[rule.ethertype];
  const where = anywhere
    ? `anywhere (${rule.remote_ip_prefix}, ${rule.ethertype})`
    : `${rule.remote_ip_prefix} (${rule.ethertype})`;
  return `${rule.direction} ${rule.protocol} ${ports} ${rule.direction === 'egress' ? 'to' : 'from'} ${where}`;
}

/**
 * The custom rule's protocols: the service's list (List_firewall_rule_protocols, read as the form opens), or the
 * built-in four while it loads or when it failed, which the first option's hint says.
 */
export function protocolOptions(deps: ActionDeps): readonly FieldOption[] {
  const listed = readData(deps.store, 'rule-protocols');
  const known = listed?.filter(isRuleProtocolName);
  if (known?.length) return known.map((p) => ({ label: p, value: p }));
  const why =
    deps.store.getState().slices['rule-protocols']?.status === 'error'
      ? 'the service’s list did not load'
      : 'loading the service’s list';
  return RULE_PROTOCOLS.map((p, i) => ({
    label: p,
    value: p,
    ...(i === 0 ? { hint: `built-in list: ${why}` } : {}),
  }));
}

/** The "add rule" form: a preset (SSH, HTTP, HTTPS, ICMP) or a custom protocol and port range, from a CIDR. */
export function firewallRuleForm(deps: ActionDeps, fw: Firewall): FormSpec<RuleValues> {
  const name = sanitize(fw.name);
  const attached = fw.attachments?.length ?? 0;
  if (readData(deps.store, 'rule-protocols') === undefined)
    void deps.poller.refreshAfter('rule-protocols').catch(() => {});
  return {
    title: `Add a rule to ${name}`,
    notes: attached
      ? [`Applies at once to the ${attached} VM${attached === 1 ? '' : 's'} the firewall is attached to.`]
      : ['The firewall is attached to no VM yet.'],
    fields: [
      {
        id: 'preset',
        kind: 'select',
        label: 'Rule',
        options: () => PRESET_OPTIONS,
      },
      {
        id: 'direction',
        kind: 'select',
        label: 'Direction',
        options: () => [
          { label: 'ingress', value: 'ingress', hint: 'inbound, to the VMs' },
          { label: 'egress', value: 'egress', hint: 'outbound, from the VMs' },
        ],
      },
      {
        id: 'protocol',
        kind: 'select',
        label: 'Protocol',
        hidden: (values) => !isCustom(values),
        options: () => protocolOptions(deps),
      },
      {
        id: 'port_min',
        kind: 'number',
        label: 'First port',
        min: PORT_MIN,
        max: PORT_MAX,
        integer: true,
        hidden: (values) => !needsPorts(values),
        validate: portError,
      },
      {
        id: 'port_max',
        kind: 'number',
        label: 'Last port',
        min: PORT_MIN,
        max: PORT_MAX,
        integer: true,
        required: false,
        help: 'Empty: the first port only.',
        hidden: (values) => !needsPorts(values),
        validate: portMaxError,
      },
      {
        id: 'ethertype',
        kind: 'select',
        label: 'Ethertype',
        options: () => [
          { label: 'IPv4', value: 'IPv4' },
          { label: 'IPv6', value: 'IPv6' },
        ],
      },
      {
        id: 'remote',
        kind: 'text',
        label: 'Remote CIDR',
        placeholder: 'anywhere',
        help: 'Who may connect (ingress) or be reached (egress). Empty: anywhere (0.0.0.0/0 or ::/0).',
        validate: remoteError,
      },
    ],
    initial: {
      preset: 'ssh',
      direction: 'ingress',
      protocol: 'tcp',
      port_min: undefined,
      port_max: undefined,
      ethertype: 'IPv4',
      remote: '',
    },
    summary: (values) => {
      const rule = ruleFromValues(values);
      return rule ? ruleSummary(rule) : undefined;
    },
    submitLabel: 'Add rule',
    serviceFields: { port_range_min: 'port_min', port_range_max: 'port_max', remote_ip_prefix: 'remote' },
    onSubmit: async (values) => {
      const rule = ruleFromValues(values);
      if (!rule) throw new Error('the rule is incomplete');
      await mutate(deps, (api) => api.firewalls.addRule(fw.id, rule), {
        doing: `Adding ${ruleSummary(rule)} to ${name}`,
        done: `Rule ${ruleSummary(rule)} added to ${name}`,
        refresh: ['firewalls'],
      });
    },
  };
}
