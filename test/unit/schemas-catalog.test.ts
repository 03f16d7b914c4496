import { describe, expect, it } from 'vitest';
import { DashboardResponse } from '../../src/api/schemas/dashboard.js';
import { FlavorListResponse } from '../../src/api/schemas/flavor.js';
import { ImageListResponse } from '../../src/api/schemas/image.js';
import { StockResponse } from '../../src/api/schemas/stock.js';
import {
  dashboardBody,
  dashboardSpecBody,
  flavorListBody,
  imageListBody,
  stockBody,
} from '../fixtures/api/catalog.js';
import { clone, firstIssue } from '../fixtures/schema-helpers.js';

describe('FlavorListResponse', () => {
  it('accepts grouped flavors with null display names, numeric strings and extra fields', () => {
    const r = FlavorListResponse.parse(flavorListBody);
    const f = r.data[0]!.flavors[0]!;
    expect(f.ram).toBe(120);
    expect(f.display_name).toBeNull();
    // the document's example sends `features: "{}"`: read as an object with no feature
    expect(f.features).toEqual({});
    expect(r.data[1]!.flavors[0]!.name).toBe('n1-cpu-small');
  });
  it('rejects a non-numeric cpu, naming the field', () => {
    const body = clone(flavorListBody);
    (body.data[0]!.flavors[0] as Record<string, unknown>).cpu = 'many';
    expect(firstIssue(FlavorListResponse, body).path).toBe('data[0].flavors[0].cpu');
  });
  it('rejects a missing data', () => {
    expect(firstIssue(FlavorListResponse, { status: true }).path).toBe('data');
  });
});

describe('ImageListResponse', () => {
  it('accepts label objects and label strings, null descriptions', () => {
    const r = ImageListResponse.parse(imageListBody);
    const [a, b] = r.images[0]!.images;
    expect(a!.labels).toEqual([{ id: 1, label: 'cuda' }]);
    expect(b!.labels).toEqual(['docker']);
    expect(a!.description).toBeNull();
    expect(r.images[0]!.logo).toContain('ubuntu');
  });
  it('rejects an image without a name', () => {
    const body = clone(imageListBody);
    delete (body.images[0]!.images[1] as Record<string, unknown>).name;
    expect(firstIssue(ImageListResponse, body).path).toBe('images[0].images[1].name');
  });
});

describe('StockResponse', () => {
  it('accepts the envelope-less body, keeps `available` as text, nulls for planned', () => {
    const r = StockResponse.parse(stockBody);
    const [h100, a100] = r.stocks[0]!.models;
    expect(r.stocks[0]!['stock-type']).toBe('GPU');
    expect(h100!.available).toBe('50+');
    expect(a100!.available).toBe('0');
    expect(h100!.planned_30_days).toBeNull();
    expect(h100!.configurations).toEqual({ '1x': 12, '2x': 6, '4x': 3, '8x': 1, '10x': 0 });
  });
  it('accepts the same body with an envelope', () => {
    expect(StockResponse.parse({ status: true, message: 'ok', ...stockBody }).stocks).toHaveLength(1);
  });
  it('rejects a missing stocks', () => {
    expect(firstIssue(StockResponse, { status: true }).path).toBe('stocks');
  });
  it('rejects a configuration count that is not a number', () => {
    const body = clone(stockBody);
    (body.stocks[0]!.models[0]!.configurations as Record<string, unknown>)['8x'] = 'some';
    expect(firstIssue(StockResponse, body).path).toBe('stocks[0].models[0].configurations.8x');
  });
  it('rejects a model without its name', () => {
    const body = clone(stockBody);
    delete (body.stocks[0]!.models[1] as Record<string, unknown>).model;
    expect(firstIssue(StockResponse, body).path).toBe('stocks[0].models[1].model');
  });
});

describe('DashboardResponse', () => {
  it('takes VM totals from `instance` (OpenAPI) into `virtual_machine`, decimal strings to numbers', () => {
    const o = DashboardResponse.parse(dashboardBody).overview;
    expect(o.virtual_machine).toEqual({ count: 3, vcpus: 84, gpus: 3, ram: 360, cost_per_hour: 4.35 });
    expect(o.volume?.using).toBe(1);
    expect((o as Record<string, unknown>).extra_section).toEqual({ anything: true });
  });
  it('accepts the spec shape (`virtual_machine`)', () => {
    expect(DashboardResponse.parse(dashboardSpecBody).overview.virtual_machine?.cost_per_hour).toBe(1.45);
  });
  it('gives null VM totals when neither key is sent', () => {
    expect(DashboardResponse.parse({ overview: {} }).overview.virtual_machine).toBeNull();
  });
  it('rejects a missing overview and broken numbers', () => {
    expect(firstIssue(DashboardResponse, { status: true }).path).toBe('overview');
    const body = clone(dashboardBody);
    body.overview.volume.cost_per_hour = 'free' as unknown as number;
    expect(firstIssue(DashboardResponse, body).path).toBe('overview.volume.cost_per_hour');
  });
});
