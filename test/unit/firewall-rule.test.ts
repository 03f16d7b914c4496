import { describe, expect, it } from 'vitest';
import { isIpv4Cidr, isIpv6Cidr, parseRule, portRangeError } from '../../src/domain/firewall-rule.js';
import { osc52 } from '../../src/domain/osc52.js';
import { SSH_RULE } from '../fixtures/api/vm.js';

describe('firewall rule input', () => {
  it('reads ports, ranges, CIDRs and direction', () => {
    expect(parseRule('tcp 22')).toEqual({
      rule: SSH_RULE,
    });
    expect(parseRule('udp 8000-8100 10.0.0.0/8 egress')).toMatchObject({
      rule: {
        direction: 'egress',
        protocol: 'udp',
        port_range_min: 8000,
        port_range_max: 8100,
        remote_ip_prefix: '10.0.0.0/8',
      },
    });
    expect(parseRule('tcp 443 ::/0')).toMatchObject({ rule: { ethertype: 'IPv6' } });
    expect(parseRule('icmp')).toMatchObject({ rule: { protocol: 'icmp' } });
  });
  it.each([
    ['', /protocol/],
    ['smtp 25', /unknown protocol/],
    ['tcp', /needs a port/],
    ['tcp 0', /between 1 and 65535/],
    ['tcp 70000', /between 1 and 65535/],
    ['tcp 90-80', /must not be above/],
    ['tcp 22 300.1.1.1/8', /not a valid IPv4 CIDR/],
    ['tcp 22 10.0.0.0/33', /not a valid IPv4 CIDR/],
    ['tcp 22 fe80::1::2/64', /not a valid IPv6 CIDR/],
    ['icmp 22', /takes no ports/],
    ['tcp 22 banana', /cannot read "banana"/],
  ])('refuses %j', (text, msg) => {
    const r = parseRule(text);
    expect('error' in r && r.error).toMatch(msg);
  });
  it('CIDR and port checks', () => {
    expect(isIpv4Cidr('192.168.1.0/24')).toBe(true);
    expect(isIpv6Cidr('2001:db8::/32')).toBe(true);
    expect(isIpv6Cidr('1:2:3:4:5:6:7:8/128')).toBe(true);
    expect(isIpv6Cidr('1:2:3/64')).toBe(false);
    expect(portRangeError(1, 65535)).toBeUndefined();
  });
});

describe('osc52', () => {
  it('encodes for the terminal, wrapped for GNU screen', () => {
    expect(osc52('ssh ubuntu@1.2.3.4', {})).toBe(
      `\x1b]52;c;${Buffer.from('ssh ubuntu@1.2.3.4').toString('base64')}\x07`,
    );
    expect(osc52('x', { STY: '1.pts-0' })).toBe('\x1bP\x1b]52;c;eA==\x07\x1b\\');
  });
});
