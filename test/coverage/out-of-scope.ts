/**
 * The operations of the provider's OpenAPI document that the app does not reach, each with its one-line reason.
 * test/contract/coverage.test.ts fails when an operation has neither a client function nor a reason here, and when
 * one listed here has a client function now (then its line goes).
 */

const because = (reason: string, ids: readonly string[]) => Object.fromEntries(ids.map((id) => [id, reason]));

export const OUT_OF_SCOPE: Readonly<Record<string, string>> = {
  ...because('beta programme sign-up: a console feature, not an operator task', [
    'Get_beta_access_status',
    'Create_beta_access_request',
    'Get_beta_access_requests',
  ]),
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
  ...because(
    "a contract's billing history: the OpenAPI documents no answer for it (no 200 response), so its shape would be a guess; the contracts view shows each contract's VMs and GPU allocation, the usage what it bills",
    ['List_billing_contract_history'],
  ),
  ...because(
    "billing of AI Studio products the app does not manage, and a bucket's hourly chart (its history is read)",
    [
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
    ],
  ),
  ...because("payments and receipts: the console's (card payments are never made from a terminal app)", [
    'Initiate_Payment',
    'Get_payment_receipt',
  ]),
  ...because("billing address and tax details: the console's", [
    'Get_User_billing_info',
    'Add_user_billing_info',
    'Update_user_billing_info',
  ]),
  ...because(
    "GPU compliance settings: an organisation's policy, set by its admin in the console (not in issue 25's list)",
    ['Get_compliance', 'Create_Compliance', 'Update_compliance', 'Delete_compliance'],
  ),
  ...because('an internal flag of the provider about public-IP detachment: not an operator task', [
    'Check_if_Org_is_Excluded_from_Floating_IP_Detachment',
  ]),
  ...because('marketplace templates and deployments: not part of the GPU-cloud operator app', [
    'List_Deployments',
    'Start_Deployment',
    'Delete_Deployment',
    'Get_deployment',
    'List_templates',
    'Create_template',
    'Delete_template',
    'Get_template',
    'Update_template',
  ]),
};
