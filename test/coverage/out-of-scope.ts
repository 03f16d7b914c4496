/**
 * The operations of the provider's OpenAPI document that the app does not reach, each with its one-line reason.
 * test/contract/coverage.test.ts fails when an operation has neither a client function nor a reason here, and when
 * one listed here has a client function now (then its line goes: issue 25 adds ~40 of them).
 */

const because = (reason: string, ids: readonly string[]) => Object.fromEntries(ids.map((id) => [id, reason]));

export const OUT_OF_SCOPE: Readonly<Record<string, string>> = {
  ...because(
    "API keys: the app authenticates with one the user gives it; making and revoking keys is the console's (a key must never be shown by the app unasked)",
    ['Get_API_Key', 'Generate_API_Key', 'Delete_API_Key', 'Update_API_Key'],
  ),
  ...because('beta programme sign-up: a console feature, not an operator task', [
    'Get_beta_access_status',
    'Create_beta_access_request',
    'Get_beta_access_requests',
  ]),
  ...because('accepting an invitation is done by the invited person, in the console', ['Accept_Invite']),
  ...because("the user's own account (profile, MFA, organisations): the console's", [
    'RetrieveAuthenticatedUserDetails',
    'Get_User_MFA_Status',
    'Disable_MFA',
    'Get_User_Organizations',
  ]),
  ...because('partner branding of the console: not an operator task', [
    'Get_partner_config',
    'Get_partner_config_by_domain',
  ]),
  ...because('RBAC roles and permissions administration: planned for issue 25', [
    'List_Permissions',
    'List_RBAC_Roles',
    'Create_RBAC_Role',
    'Delete_RBAC_Role',
    'Retrieve_RBAC_Role_Details',
    'Update_RBAC_Role',
    'List_My_User_Permissions',
    'List_User_Permissions',
    'Assign_RBAC_Role_to_User',
    'Remove_RBAC_Role_From_User',
  ]),
  ...because('changing the organisation of a console token: the app uses an API key of one organisation', [
    'Change_Organization_for_Token',
  ]),
  ...because('legal consents of the console user: not an operator task', [
    'Get_All_Consents_for_a_User',
    'Add_a_new_consent_for_a_User',
    'Get_consent_audit_events',
    'Get_all_consent_templates',
    'Get_consent_template_by_type',
    'Update_a_consent_action_by_type',
  ]),
  ...because("the billing service's health endpoint: the app checks the service with its own reads", [
    'Get_alive',
    'Get_alive_doc',
  ]),
  ...because('automatic credit top-up (payment settings): planned for issue 25', [
    'Disable_Auto_Top_Up',
    'Get_Auto_Top_Up',
    'Create_Auto_Top_Up',
    'Update_Auto_Top_Up',
    'Get_auto_top-up_status',
  ]),
  ...because(
    'billing history per resource kind: planned for issue 25 (the app shows usage and per-resource graphs)',
    [
      'List_Clusters_billing_history',
      'Get_Cluster_billing_history',
      'Get_cluster_billing_history_graph',
      'List_billing_contract_history',
      'List_snapshot_billing_history',
      'Get_Snapshot_billing_history',
      'Get_snapshot_billing_history_graph',
      'Get_VM_Billing_History',
      'Get_VM_Billing_Details',
      'Get_Volume_Billing_History',
      'Get_Volume_Billing_Details',
    ],
  ),
  ...because('billing of AI Studio and object-storage products the app does not manage', [
    'List_Bucket_Billing_History',
    'Get_Bucket_billing_history',
    'Buckets_billing_history_hourly_chart',
    'Get_data_synthesis_billing_history',
    'Get_data_synthesis_history_for_resource',
    'Get_data_synthesis_billing_history_graph',
    'Get_fine-tuning_billing_history',
    'Get_resource_fine-tuning_billing_history',
    'Get_fine-tuning_billing_history_graph',
    'Get_image_generation_billing_history',
    'Get_image_generation_history_for_resource',
    'Get_image_generation_billing_history_graph',
    'Get_model_evaluation_billing_history',
    'Get_resource_model_evaluation_billing_history',
    'Get_model_evaluation_billing_history_graph',
    'List_serverless_inference_billing_history',
    'Get_serverless_inferences_billing_history',
    'Get_serverless_inference_billing_history_graph',
  ]),
  ...because('per-resource billing events and sub-resource costs: planned for issue 25', [
    'Get_VM_billing_events',
    'Get_VM_sub-resource_costs',
    'Get_VM_sub-resource_graph',
    'Get_volume_billing_events',
  ]),
  ...because("redeeming a voucher: a payment action, the console's", ['Redeem_a_voucher']),
  ...because("payments and receipts: the console's (card payments are never made from a terminal app)", [
    'Initiate_Payment',
    'Get_payment_receipt',
  ]),
  ...because("billing address and tax details: the console's", [
    'Get_User_billing_info',
    'Add_user_billing_info',
    'Update_user_billing_info',
  ]),
  ...because('GPU compliance settings of the organisation: planned for issue 25', [
    'Get_compliance',
    'Create_Compliance',
    'Update_compliance',
    'Delete_compliance',
  ]),
  ...because(
    'name availability: the forms check names against the lists they loaded, as they are typed (planned for issue 25 to ask the service)',
    [
      'Fetch_environment_name_availability',
      'Fetch_Image_name_availability',
      'Fetch_snapshot_name_availability',
      'Check_VM_name_availability',
    ],
  ),
  ...because('per-environment VM quota: planned for issue 25', ['Get_environment_VM_quota']),
  ...because('an internal flag of the provider about public-IP detachment: not an operator task', [
    'Check_if_Org_is_Excluded_from_Floating_IP_Detachment',
  ]),
  ...because('the GPU catalogue: the app reads GPUs from flavors and stock', ['List_GPUs']),
  ...because('one image and deleting an image: planned for issue 25 (the app lists images per region)', [
    'Delete_image',
    'Get_Image',
  ]),
  ...because(
    'marketplace templates and deployments: not part of the GPU-cloud operator app (planned for issue 25)',
    [
      'List_Deployments',
      'Start_Deployment',
      'Delete_Deployment',
      'Get_deployment',
      'List_templates',
      'Create_template',
      'Delete_template',
      'Get_template',
      'Update_template',
    ],
  ),
  ...because('the protocol list: the app offers tcp, udp, icmp and any (planned for issue 25 to read it)', [
    'List_firewall_rule_protocols',
  ]),
  ...because("the console's default flavors and images for a new user: not an operator task", [
    'List_Default_Flavors_and_Images',
  ]),
  ...because('the VMs of a contract: the VM list carries contract_id (planned for issue 25)', [
    'Get_contract_VMs',
  ]),
  ...because(
    'firewalls are attached from the firewall (update-attachments); this per-VM form is planned for issue 25',
    ['Attach_firewalls_to_VM'],
  ),
  ...because('volume callbacks: planned for issue 25', [
    'Attach_callback_to_volume',
    'Delete_volume_callback',
    'Update_volume_callback',
  ]),
  ...because('object storage (buckets, access keys): a separate product, planned for issue 25', [
    'listAccessKeysEndpoint',
    'createAccessKeyEndpoint',
    'deleteAccessKeyEndpoint',
    'listBucketsEndpoint',
    'deleteBucketEndpoint',
    'retrieveBucketEndpoint',
    'healthzEndpoint',
    'listRegionsEndpoint',
  ]),
  ...because("a contract's GPU allocation graph: planned for issue 25", [
    'Get_contract_GPU_allocation_graph',
  ]),
};
