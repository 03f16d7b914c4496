/**
 * The client reads the official OpenAPI document's own examples of the node-group, nodes, reconcile, master-flavors
 * and name-check answers (what the real service sends, not what the simulator sends).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  ClusterNodesResponse,
  MasterFlavorsResponse,
  NameAvailableResponse,
  NodeGroupListResponse,
  NodeGroupResponse,
  ReconcileResponse,
} from '../../src/api/schemas/cluster-nodes.js';
import { DEFAULT_OPENAPI_PATH } from '../support/openapi.js';

const doc = parse(readFileSync(DEFAULT_OPENAPI_PATH, 'utf8'));
const example = (name: string): unknown => doc.components.schemas[name].example;

describe('the OpenAPI examples of the node-group answers parse', () => {
  it('node groups: list, get, create/update (with their nodes)', () => {
    const list = NodeGroupListResponse.parse(example('ClusterNodeGroupsListResponse'));
    expect(list.node_groups[0]).toMatchObject({ id: 7, count: 3, min_count: 1, max_count: 1, role: 'role' });
    expect(list.node_groups[0]?.flavor?.name).toBe('name');
    const got = NodeGroupResponse.parse(example('ClusterNodeGroupsGetResponse'));
    expect(got.node_group.id).toBe(7);
    const created = NodeGroupResponse.parse(example('ClusterNodeGroupsCreateResponse'));
    expect(created.nodes?.[0]).toMatchObject({ id: 1, node_group_id: 4, instance: { id: 7 } });
  });

  it('nodes, reconcile (its `status` a string), master flavors, name availability', () => {
    expect(ClusterNodesResponse.parse(example('ClusterNodesListResponse')).nodes).toHaveLength(2);
    const r = ReconcileResponse.parse(example('ManualReconciliationModel'));
    expect(r.status).toBe('status');
    expect(r.cluster?.is_reconciling).toBe(true);
    expect(r.cluster?.node_count).toBe(6);
    expect(MasterFlavorsResponse.parse(example('MasterFlavorsResponse')).flavors[0]?.cpu).toBe(6);
    expect(NameAvailableResponse.parse(example('NameAvailableModel')).available).toBe(true);
  });
});
