import * as z from 'zod';
import { envelopeShape, num, paginationShape } from './common.js';
import { type FirewallRuleInput, FirewallRuleSchema } from './firewall.js';

// The VM list is the hot path (thousands of VMs, polled): plain objects, one transform (ram), no refinements.

export const VolumeAttachmentSchema = z.looseObject({
  id: z.number().nullish(),
  status: z.string().nullish(),
  device: z.string().nullish(),
  protected: z.boolean().nullish(),
  created_at: z.string().nullish(),
  volume: z
    .looseObject({
      id: z.number(),
      name: z.string().nullish(),
      description: z.string().nullish(),
      volume_type: z.string().nullish(),
      size: z.number().nullish(),
    })
    .nullish(),
});
export type VolumeAttachment = z.output<typeof VolumeAttachmentSchema>;

export const VmFlavorSchema = z.looseObject({
  id: z.number().nullish(),
  name: z.string(),
  cpu: z.number().nullish(),
  // the one numeric field services send as "16.0"
  ram: num.nullish(),
  disk: z.number().nullish(),
  ephemeral: z.number().nullish(),
  gpu: z.string().nullish(),
  gpu_count: z.number().nullish(),
});
export type VmFlavor = z.output<typeof VmFlavorSchema>;

const named = z.looseObject({ name: z.string().nullish() });

export const VmSchema = z.looseObject({
  id: z.number(),
  name: z.string(),
  status: z.string(),
  environment: z
    .looseObject({
      id: z.number().nullish(),
      name: z.string(),
      region: z.string().nullish(),
      features: z
        .looseObject({ green_status: z.string().nullish(), network_optimised: z.boolean().nullish() })
        .nullish(),
    })
    .nullish(),
  // null when the VM boots from a volume or the image was deleted
  image: named.nullish(),
  flavor: VmFlavorSchema.nullish(),
  keypair: named.nullish(),
  os: z.string().nullish(),
  power_state: z.string().nullish(),
  vm_state: z.string().nullish(),
  fixed_ip: z.string().nullish(),
  floating_ip: z.string().nullish(),
  floating_ip_status: z.string().nullish(),
  // the service assigns a public IP only when asked (Instance_Fields); port randomization needs one
  requires_public_ip: z.boolean().nullish(),
  port_randomization: z.boolean().nullish(),
  port_randomization_status: z.string().nullish(),
  contract_id: z.number().nullish(),
  callback_url: z.string().nullish(),
  labels: z.array(z.string()).nullish(),
  security_rules: z.array(FirewallRuleSchema).nullish(),
  volume_attachments: z.array(VolumeAttachmentSchema).nullish(),
  // a snapshot of it is being taken: the service refuses every action until it is done
  is_snapshotting: z.boolean().nullish(),
  // locked VMs refuse changes
  locked: z.boolean().nullish(),
  // set when the VM is a node of a Kubernetes cluster
  cluster_id: z.number().nullish(),
  created_at: z.string().nullish(),
});
export type Vm = z.output<typeof VmSchema>;

export const VmListResponse = z.looseObject({
  ...envelopeShape,
  ...paginationShape,
  instances: z.array(VmSchema),
});
export type VmList = z.output<typeof VmListResponse>;

/** POST /core/virtual-machines answers with the created VMs. */
export const VmCreateResponse = z.looseObject({ ...envelopeShape, instances: z.array(VmSchema) });

/** GET /core/virtual-machines/{id}: the service sends `instance`; the spec says `instances[]`. Either will do. */
export const VmGetResponse = z
  .looseObject({
    ...envelopeShape,
    instance: VmSchema.optional(),
    instances: z.array(VmSchema).optional(),
  })
  .refine((b) => b.instance !== undefined || (b.instances?.length ?? 0) > 0, {
    message: 'is missing (expected `instance` or a non-empty `instances`)',
    path: ['instance'],
  });

/** Body of POST /core/virtual-machines. */
export interface VmCreateInput {
  name: string;
  environment_name: string;
  image_name: string;
  flavor_name: string;
  key_name: string;
  count: number;
  assign_floating_ip?: boolean;
  create_bootable_volume?: boolean;
  user_data?: string;
  callback_url?: string;
  labels?: string[];
  /** Rules put on each new VM (Create_Instances_Payload's `security_rules`). */
  security_rules?: FirewallRuleInput[];
}
