/**
 * Proves the OpenAPI response harness (test/support/openapi.ts) works, so that a green contract test means
 * something. The official document is the repository's copy (test/fixtures/spec/); the
 * converter's own cases (nullable, default responses, formats) use small in-memory documents and always run.
 */
import { describe, expect, it } from 'vitest';
import { applyCorrections, CORRECTIONS } from '../fixtures/spec/corrections.js';
import {
  buildSchema,
  createOpenApiValidator,
  KNOWN_DEVIATIONS,
  KNOWN_STATUS_DEVIATIONS,
  loadOpenApi,
  type OpenApiDocument,
  openApi,
  pathMatches,
  readDocument,
} from '../support/openapi.js';

const t0 = performance.now();
const api = openApi();
const loadMs = performance.now() - t0;

const NOW = '2025-03-01T12:00:00Z';

/** A snapshot body as the document's SnapshotFields describe it. */
const SNAPSHOT = {
  id: 5,
  name: 'snap',
  description: 'before upgrade',
  status: 'SUCCESS',
  vm_id: 9,
  size: 100,
  region_id: 1,
  is_image: false,
  created_at: NOW,
  updated_at: NOW,
};

describe('OpenAPI harness against the official document', () => {
  const v = api;

  it('loads fast and compiles one operation lazily (timing printed)', () => {
    const c0 = performance.now();
    expect(
      v.validateResponse('GET', '/core/clusters/versions', 200, { status: true, message: 'ok' }),
    ).toEqual([]);
    const compileMs = performance.now() - c0;
    const c1 = performance.now();
    v.validateResponse('GET', '/core/clusters/versions', 200, { status: true, message: 'ok' });
    const cachedMs = performance.now() - c1;
    console.info(
      `[openapi-harness] load ${loadMs.toFixed(0)} ms (read+parse ${v.loadMs.toFixed(0)} ms), ` +
        `first compile of Get_Cluster_Versions ${compileMs.toFixed(1)} ms, cached ${cachedMs.toFixed(2)} ms`,
    );
  });

  describe('findOperation', () => {
    it('matches path templates and extracts parameters', () => {
      expect(v.findOperation('GET', '/core/virtual-machines/12/start')).toEqual({
        template: '/core/virtual-machines/{vm_id}/start',
        operationId: 'Start_VM',
        params: { vm_id: '12' },
      });
      expect(v.findOperation('delete', '/core/virtual-machines/12/sg-rules/34')).toMatchObject({
        template: '/core/virtual-machines/{vm_id}/sg-rules/{sg_rule_id}',
        params: { vm_id: '12', sg_rule_id: '34' },
      });
    });

    it('prefers literal segments over parameters', () => {
      expect(v.findOperation('GET', '/core/clusters/versions')).toMatchObject({
        template: '/core/clusters/versions',
        operationId: 'Get_Cluster_Versions',
      });
      expect(v.findOperation('GET', '/core/clusters/17')).toMatchObject({
        template: '/core/clusters/{id}',
        operationId: 'Getting_Cluster_Detail',
      });
      expect(v.findOperation('GET', '/core/virtual-machines/name-availability/foo')).toMatchObject({
        template: '/core/virtual-machines/name-availability/{name}',
      });
    });

    it('accepts /v1 prefixes, full URLs and query strings; unknown method or path gives undefined', () => {
      expect(v.findOperation('GET', '/v1/core/flavors?region=CANADA-1')?.operationId).toBe('List_Flavors');
      expect(v.findOperation('GET', 'http://127.0.0.1:9/v1/core/clusters/versions')?.operationId).toBe(
        'Get_Cluster_Versions',
      );
      expect(v.findOperation('PATCH', '/core/clusters/versions')).toBeUndefined();
      expect(v.findOperation('GET', '/core/no-such-thing')).toBeUndefined();
    });
  });

  describe('validateResponse', () => {
    const environment = {
      id: 1,
      name: 'default-canada',
      region: 'CANADA-1',
      created_at: NOW,
      features: { green_status: 'GREEN', network_optimised: true },
    };
    const environments = {
      status: true,
      message: 'ok',
      environments: [environment],
      count: 1,
      page: 1,
      page_size: 5,
    };

    it('accepts complete bodies built from the document’s own schemas', () => {
      expect(v.validateResponse('GET', '/core/environments', 200, environments)).toEqual([]);
      const version = { id: 3, version: '1.27.8', created_at: NOW, updated_at: NOW, image: {}, region: {} };
      expect(
        v.validateResponse('GET', '/core/clusters/versions', 200, {
          status: true,
          message: 'ok',
          versions: [version],
        }),
      ).toEqual([]);
      expect(
        v.validateResponse('GET', '/core/virtual-machines/999', 404, {
          status: false,
          message: 'VM not found',
          error_reason: 'not_found',
        }),
      ).toEqual([]);
    });

    it('reports a wrong type, naming the field and the value', () => {
      const bad = { ...environments, environments: [{ ...environment, id: '1' }] };
      const errors = v.validateResponse('GET', '/core/environments', 200, bad);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toContain('/environments/0/id');
      expect(errors[0]).toContain('must be integer');
      expect(errors[0]).toContain('"1"');
      expect(errors[0]).toContain('List_environments');
      expect(
        v.validateResponse('GET', '/core/environments', 200, {
          ...environments,
          environments: [{ ...environment, features: { green_status: 'RED' } }],
        })[0],
      ).toContain(
        '/environments/0/features/green_status: must be one of "GREEN", "PARTIALLY_GREEN", "NOT_GREEN"',
      );
      expect(v.validateResponse('GET', '/core/virtual-machines/1', 404, { status: 'false' })[0]).toContain(
        '/status: must be boolean',
      );
    });

    it('reports every missing required field by name (allErrors)', () => {
      const snapshot = { ...SNAPSHOT };
      const ok = { status: true, message: 'ok', snapshots: [snapshot] };
      expect(v.validateResponse('GET', '/core/snapshots', 200, ok)).toEqual([]);
      const { vm_id: _vm, size: _size, ...partial } = snapshot;
      const errors = v.validateResponse('GET', '/core/snapshots', 200, { ...ok, snapshots: [partial] });
      expect(errors).toHaveLength(2);
      expect(errors.join('\n')).toContain('/snapshots/0/vm_id: required property "vm_id" is missing');
      expect(errors.join('\n')).toContain('/snapshots/0/size: required property "size" is missing');
    });

    it('checks date-time as ISO 8601 (time zone optional)', () => {
      const at = (created_at: string) =>
        v.validateResponse('GET', '/core/environments', 200, {
          environments: [{ ...environment, created_at }],
        });
      expect(at('2025-03-01T12:00:00')).toEqual([]);
      expect(at('2025-03-01T12:00:00.123+01:00')).toEqual([]);
      expect(at('yesterday')[0]).toContain('/environments/0/created_at: must match format "date-time"');
    });

    it('reports an undocumented status, method or path', () => {
      expect(v.validateResponse('GET', '/core/clusters/versions', 418, {})[0]).toMatch(
        /status 418 is not documented for Get_Cluster_Versions .*documented: 200, 400, 401, 500/,
      );
      // Create_environment documents 200, not 201
      expect(v.validateResponse('POST', '/core/environments', 201, environments)[0]).toContain(
        'status 201 is not documented',
      );
      expect(v.validateResponse('PATCH', '/core/environments', 200, {})[0]).toContain(
        'PATCH is not documented for /core/environments',
      );
      expect(v.validateResponse('GET', '/core/no-such-thing', 200, {})[0]).toContain(
        'no path of the document',
      );
    });

    describe('THE NULL RULE: null is accepted for a property its object schema does not list as required', () => {
      const vm = (fields: Record<string, unknown>) => ({
        status: true,
        message: 'ok',
        instances: [{ id: 1, name: 'vm', ...fields }],
      });
      const rule = (port: unknown) => ({
        id: 7,
        direction: 'ingress',
        protocol: 'icmp',
        ethertype: 'IPv4',
        port_range_min: port,
        port_range_max: port,
      });

      it('accepts null for optional properties at any depth (no deviation entry needed)', () => {
        const body = vm({
          contract_id: null,
          floating_ip: null,
          callback_url: null,
          security_rules: [rule(null)],
          environment: { name: 'e', features: null },
        });
        expect(v.validateResponse('GET', '/core/virtual-machines', 200, body, { allow: [] })).toEqual([]);
      });

      it('still reports a non-null value of the wrong type, with the plain message', () => {
        const errors = v.validateResponse(
          'GET',
          '/core/virtual-machines',
          200,
          vm({ contract_id: '7', security_rules: [rule('22')], environment: { name: 5 } }),
        );
        expect(errors).toHaveLength(4);
        const text = errors.join('\n');
        expect(text).toContain('/instances/0/contract_id: must be integer, got string "7"');
        expect(text).toContain(
          '/instances/0/security_rules/0/port_range_min: must be integer, got string "22"',
        );
        expect(text).toContain(
          '/instances/0/security_rules/0/port_range_max: must be integer, got string "22"',
        );
        expect(text).toContain('/instances/0/environment/name: must be string, got number 5');
        expect(text).not.toContain('or null');
        // an id turned into a string
        expect(v.validateResponse('GET', '/core/virtual-machines', 200, vm({ id: '1' }))[0]).toContain(
          '/instances/0/id: must be integer, got string "1"',
        );
        // an enum still holds
        expect(
          v.validateResponse('GET', '/core/environments', 200, {
            environments: [{ id: 1, name: 'e', features: { green_status: 'RED' } }],
          })[0],
        ).toContain('/environments/0/features/green_status: must be one of');
      });

      it('refuses null in a required property, and a missing required property', () => {
        const snapshot = {
          ...SNAPSHOT,
          description: 'x',
          labels: null, // optional: fine
        };
        const list = (s: object) => ({ status: true, message: 'ok', snapshots: [s] });
        expect(v.validateResponse('GET', '/core/snapshots', 200, list(snapshot))).toEqual([]);
        // SnapshotFields lists vm_id, size and description as required
        const errors = v.validateResponse(
          'GET',
          '/core/snapshots',
          200,
          list({ ...snapshot, vm_id: null, size: null, description: null }),
        );
        expect(errors).toHaveLength(3);
        expect(errors.join('\n')).toContain('/snapshots/0/vm_id: must be integer, got null');
        expect(errors.join('\n')).toContain('/snapshots/0/size: must be integer, got null');
        expect(errors.join('\n')).toContain('/snapshots/0/description: must be string, got null');
        const { vm_id: _gone, ...partial } = snapshot;
        expect(v.validateResponse('GET', '/core/snapshots', 200, list(partial))[0]).toContain(
          '/snapshots/0/vm_id: required property "vm_id" is missing',
        );
      });

      it('does not accept null as an array item, nor a wrong status code', () => {
        expect(
          v.validateResponse('GET', '/core/virtual-machines', 200, vm({ labels: ['a', null] }))[0],
        ).toContain('/instances/0/labels/1: must be string, got null');
        expect(
          v.validateResponse('GET', '/core/virtual-machines', 200, { status: true, instances: [null] })[0],
        ).toContain('/instances/0: must be object, got null');
        expect(v.validateResponse('GET', '/core/snapshots/1', 404, { status: false })[0]).toContain(
          'status 404 is not documented for Get_snapshot',
        );
      });

      it('nullForOptional: false checks nulls exactly as the document declares them', () => {
        const strict = { allow: [], nullForOptional: false };
        expect(
          v.validateResponse('GET', '/core/virtual-machines', 200, vm({ contract_id: null }), strict)[0],
        ).toContain('/instances/0/contract_id: must be integer, got null');
        expect(
          v.validateResponse('GET', '/core/virtual-machines', 200, vm({ contract_id: null }), { allow: [] }),
        ).toEqual([]);
      });
    });

    it('the simulator follows the document where service-api.md disagrees: no deviation entry for these', () => {
      // the key pair's environment: an object (Keypair_Environment_Fields), not service-api.md's name
      const keypair = (environment: unknown) => ({
        keypairs: [{ id: 1, name: 'k', environment, public_key: 'ssh-ed25519 AAAA', created_at: NOW }],
      });
      expect(v.validateResponse('GET', '/core/keypairs', 200, keypair({ name: 'e' }))).toEqual([]);
      expect(v.validateResponse('GET', '/core/keypairs', 200, keypair('default-canada'))[0]).toContain(
        '/keypairs/0/environment: must be object, got string',
      );
      // profile data: a string (Profile_Fields), not service-api.md's object
      const profile = (data: unknown) => ({ profile: { id: 1, name: 'p', data } });
      expect(v.validateResponse('GET', '/core/profiles/1', 200, profile('{"count":1}'))).toEqual([]);
      expect(v.validateResponse('GET', '/core/profiles/1', 200, profile({ count: 1 }))).toHaveLength(1);
      // snapshot detail: strings (SnapshotRetrieveFields), not service-api.md's objects and array
      const snapshot = (extra: object) => ({
        snapshot: {
          id: 5,
          name: 's',
          description: 'd',
          status: 'SUCCESS',
          vm_id: 9,
          size: 10,
          region_id: 1,
          is_image: false,
          created_at: NOW,
          updated_at: NOW,
          ...extra,
        },
      });
      const asText = { labels: '["a"]', vm_environment: '{"name":"e"}', vm_flavor: '{}' };
      expect(v.validateResponse('GET', '/core/snapshots/5', 200, snapshot(asText))).toEqual([]);
      const asObjects = { labels: ['a'], vm_environment: { name: 'e' }, vm_flavor: {} };
      expect(v.validateResponse('GET', '/core/snapshots/5', 200, snapshot(asObjects))).toHaveLength(3);
    });

    it('the corrections (corrections.ts) are applied: metrics rows are arrays, each cell checked; as published, objects', () => {
      const published = createOpenApiValidator(readDocument());
      const metrics = (row: unknown[]) => ({
        cpu: { columns: ['time', 'granularity', 'value'], unit: 'ns', data: [row] },
      });
      const good = ['2023-09-01T01:19:00+00:00', 60, 12.5];
      expect(v.validateResponse('GET', '/core/virtual-machines/1/metrics', 200, metrics(good))).toEqual([]);
      expect(
        published.validateResponse('GET', '/core/virtual-machines/1/metrics', 200, metrics(good)),
      ).toHaveLength(3);
      const bad = v.validateResponse(
        'GET',
        '/core/virtual-machines/1/metrics',
        200,
        metrics(['soon', '60', 1]),
      );
      expect(bad).toHaveLength(2);
      expect(bad.join('\n')).toContain('/cpu/data/0/0: must match format "date-time"');
      expect(bad.join('\n')).toContain('/cpu/data/0/1: must be number, got string "60"');
      // a custom list of deviations drops those; `*` matches one segment
      const allow = [{ path: '/environments/*/id', reason: 'test' }];
      const environments = { environments: [{ id: 'x', name: 'e' }] };
      expect(v.validateResponse('GET', '/core/environments', 200, environments, { allow })).toEqual([]);
      expect(v.validateResponse('GET', '/core/environments', 200, environments)).toHaveLength(1);
    });

    it('noExtraProperties reports an undeclared property; a corrected one passes only with its real type', () => {
      const closed = { noExtraProperties: true };
      const cluster = (extra: object) => ({ cluster: { id: 1, name: 'c', status: 'ACTIVE', ...extra } });
      const get = (body: unknown, o: object = closed) =>
        v.validateResponse('GET', '/core/clusters/1', 200, body, o);
      // the spec's fields are not the document's
      expect(get(cluster({ node_count: 2 }))[0]).toContain(
        '/cluster/node_count: property "node_count" is not allowed',
      );
      // without the option, anything extra passes (the document forbids nothing)
      expect(get(cluster({ node_count: 2 }), {})).toEqual([]);
      // the real service's master_count (corrections.ts): an integer passes, a string does not
      expect(get(cluster({ master_count: 3 }))).toEqual([]);
      expect(get(cluster({ master_count: '3' }))).toHaveLength(1);
      const published = createOpenApiValidator(readDocument());
      expect(
        published.validateResponse('GET', '/core/clusters/1', 200, cluster({ master_count: 3 }), closed),
      ).toHaveLength(1);
      // a free-form object (`features: {}`) stays free-form
      const flavors = { data: [{ flavors: [{ id: 1, name: 'f', features: { no_hibernation: true } }] }] };
      expect(v.validateResponse('GET', '/core/flavors', 200, flavors, closed)).toEqual([]);
    });

    it('an undocumented status is an error unless listed, and then its body must be the error shape', () => {
      const refusal = { status: false, message: 'in use', error_reason: 'not_allowed' };
      const allowStatus = [{ operationId: 'List_environments', status: 405, reason: 'test' }];
      const list = (body: unknown, o: object) =>
        v.validateResponse('GET', '/core/environments', 405, body, o);
      expect(list(refusal, {})[0]).toContain('status 405 is not documented for List_environments');
      expect(list(refusal, { allowStatus })).toEqual([]);
      expect(list({ status: 'no', message: 1 }, { allowStatus })).toHaveLength(2);
      // the correction documents Delete_environment's 405
      expect(v.validateResponse('DELETE', '/core/environments/1', 405, refusal)).toEqual([]);
    });

    it('every correction names what it corrects and its evidence, and still applies', () => {
      for (const c of CORRECTIONS) {
        expect(c.what.length, c.id).toBeGreaterThan(20);
        expect(c.evidence.length, c.id).toBeGreaterThan(0);
      }
      expect(KNOWN_DEVIATIONS).toEqual([]);
      expect(KNOWN_STATUS_DEVIATIONS).toEqual([]);
      // applying them to the document as published throws if one no longer fits it
      expect(() => applyCorrections(readDocument())).not.toThrow();
      expect(() =>
        applyCorrections(readDocument(), [
          {
            id: 'x',
            what: 'x',
            evidence: [],
            patch: [{ op: 'add', path: '/paths/~1core~1flavors', value: {} }],
          },
        ]),
      ).toThrow(/correction x: add \/paths\/~1core~1flavors: already there/);
    });
  });
});

describe('OpenAPI → JSON Schema conversion (in-memory documents)', () => {
  const doc: OpenApiDocument = {
    openapi: '3.0.1',
    paths: {
      '/things/{id}': {
        get: {
          operationId: 'Get_thing',
          responses: {
            '200': {
              description: 'ok',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } },
            },
            default: {
              description: 'error',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Err' } } },
            },
          },
        },
      },
      '/things/special': {
        get: { operationId: 'Special', responses: { '204': { description: 'no body' } } },
      },
    },
    components: {
      schemas: {
        Thing: {
          type: 'object',
          required: ['id', 'note'],
          example: { id: 1 },
          'x-internal': true,
          properties: {
            id: { type: 'integer', format: 'int64', example: 3 },
            note: { type: 'string', nullable: true, maxLength: 5 },
            kind: { type: 'string', enum: ['a', 'b'], nullable: true },
            owner: { $ref: '#/components/schemas/Owner', nullable: true },
            parent: { allOf: [{ $ref: '#/components/schemas/Owner' }], nullable: true, description: 'x' },
            ratio: { type: 'number', format: 'double', minimum: 0, exclusiveMinimum: true },
            tags: { type: 'object', additionalProperties: { type: 'string' } },
            weird: { type: 'string', format: 'no-such-format' },
            example: { type: 'string' },
          },
        },
        Owner: {
          type: 'object',
          required: ['name'],
          properties: { name: { type: 'string' } },
          xml: { name: 'o' },
        },
        Err: { type: 'object', properties: { status: { type: 'boolean' }, message: { type: 'string' } } },
      },
    },
  };
  const v = createOpenApiValidator(doc);
  const check = (body: unknown, status = 200) =>
    v.validateResponse('GET', '/things/1', status, body, { allow: [] });

  it('nullable: true admits null for plain types, enums, $ref and allOf', () => {
    expect(check({ id: 1, note: null, kind: null, owner: null, parent: null })).toEqual([]);
    expect(check({ id: 1, note: 'ok', kind: 'a', owner: { name: 'x' }, parent: { name: 'y' } })).toEqual([]);
  });

  it('a nullable field still checks its non-null value, with a clean message', () => {
    expect(check({ id: 1, note: 7 })).toEqual([
      'GET /things/1 → 200 (Get_thing, /things/{id}): /note: must be string or null, got number 7',
    ]);
    expect(check({ id: 1, note: null, kind: 'c' })[0]).toContain('/kind: must be one of "a", "b", null');
    expect(check({ id: 1, note: null, owner: {} })).toEqual([
      'GET /things/1 → 200 (Get_thing, /things/{id}): /owner/name: required property "name" is missing',
    ]);
    expect(check({ id: 1, note: null, parent: 'p' })).toEqual([
      'GET /things/1 → 200 (Get_thing, /things/{id}): /parent: must be object, got string "p"',
    ]);
  });

  it('the null rule: null passes for a property not listed in `required`, never for a required one', () => {
    expect(check({ id: 1, note: null, ratio: null, tags: null, weird: null, example: null })).toEqual([]);
    expect(check({ id: 1, note: null, ratio: 'x' })).toEqual([
      'GET /things/1 → 200 (Get_thing, /things/{id}): /ratio: must be number, got string "x"',
    ]);
    expect(check({ id: 1, note: null, ratio: -1 })[0]).toContain('/ratio: must be > 0');
    const strict = (body: unknown) =>
      v.validateResponse('GET', '/things/1', 200, body, { allow: [], nullForOptional: false });
    expect(strict({ id: 1, note: null, ratio: null })[0]).toContain('/ratio: must be number, got null');
    // `required` lists note, which is nullable: true in the document: null is fine there
    expect(strict({ id: 1, note: null })).toEqual([]);
    // the `anyOf` the rule adds never appears in the schema of a required property
    const text = JSON.stringify(
      buildSchema({ $ref: '#/components/schemas/Thing' }, doc.components?.schemas ?? {}, new Set(), {
        nullForOptional: true,
      }),
    );
    expect(text).toContain('"ratio":{"anyOf":[');
    expect(text).not.toContain('"id":{"anyOf":[');
  });

  it('a deviation can admit null in a required property (onlyNull) without admitting other types', () => {
    const allow = [{ path: '/id', onlyNull: true, reason: 'test: the service sends null here' }];
    expect(v.validateResponse('GET', '/things/1', 200, { id: null, note: null }, { allow })).toEqual([]);
    expect(v.validateResponse('GET', '/things/1', 200, { id: 'x', note: null }, { allow })[0]).toContain(
      '/id: must be integer, got string "x"',
    );
  });

  it('null is refused in a required property; required and additionalProperties as the document says', () => {
    expect(check({ id: null, note: null })[0]).toContain('/id: must be integer, got null');
    expect(check({ note: null })[0]).toContain('/id: required property "id" is missing');
    // additionalProperties is not added: unknown keys pass, documented additionalProperties applies
    expect(check({ id: 1, note: null, extra: true, tags: { a: 'b' } })).toEqual([]);
    expect(check({ id: 1, note: null, tags: { a: 1 } })[0]).toContain('/tags/a: must be string');
  });

  it('keeps properties named like OpenAPI keywords; drops example/xml/x-*; OpenAPI formats are harmless', () => {
    expect(check({ id: 1, note: null, example: 5 })[0]).toContain('/example: must be string');
    expect(check({ id: 2 ** 40, note: null, ratio: 1.5, weird: 'anything' })).toEqual([]);
    expect(check({ id: 1, note: null, ratio: 0 })[0]).toContain('/ratio: must be > 0');
    const schema = buildSchema({ $ref: '#/components/schemas/Thing' }, doc.components?.schemas ?? {});
    const text = JSON.stringify(schema);
    expect(text).not.toContain('"xml"');
    expect(text).not.toContain('x-internal');
    expect(text).not.toContain('"nullable"');
  });

  it('a default response covers undocumented statuses; a response without content accepts any body', () => {
    expect(check({ status: false, message: 'boom' }, 503)).toEqual([]);
    expect(check({ status: 'no' }, 503)[0]).toContain('/status: must be boolean');
    expect(v.validateResponse('GET', '/things/special', 204, undefined)).toEqual([]);
    expect(v.validateResponse('GET', '/things/special', 200, {})[0]).toContain(
      'status 200 is not documented',
    );
  });

  it('pathMatches: exact, `*` segments, regex strings and RegExp', () => {
    expect(pathMatches('/a/*/b', '/a/3/b')).toBe(true);
    expect(pathMatches('/a/*/b', '/a/3/c')).toBe(false);
    expect(pathMatches('/a/*/b', '/a/3/b/c')).toBe(false);
    expect(pathMatches('^/a/\\d+/b$', '/a/3/b')).toBe(true);
    expect(pathMatches(/^\/a\/\d+$/, '/a/x')).toBe(false);
  });

  it('loadOpenApi returns undefined for a missing file', () => {
    expect(loadOpenApi('/nonexistent/openapi.yaml')).toBeUndefined();
  });
});
