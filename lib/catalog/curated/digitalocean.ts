/**
 * DigitalOcean in the hosted vocabulary on API v2 (api.digitalocean.com/v2). The hosted toolkit
 * is called digital_ocean and its tools DIGITAL_OCEAN_*; Junction's toolkit is digitalocean, so
 * the hosted names are declared here: the everyday ones as curated tools, the rest as aliases of
 * the generated DIGITALOCEAN_* operations, whose arguments are DigitalOcean's own snake_case
 * names (droplet_id, domain_name, page, per_page), the hosted names too. Lists are paged with
 * `page`/`per_page` (at most 200) and answer `links.pages.next` while more remain.
 */
import { s } from './define';
import { restMapping, type RestDef } from './rest-mapping';
import type { CuratedTool } from './types';

const same = (k: string) => k;
const dO = (def: RestDef): CuratedTool =>
  restMapping({ ...def, tags: def.tags ?? ['digitalocean'] }, same, 'digitalocean');

const page = {
  page: s.integer('1-based page', { default: 1 }),
  per_page: s.integer('Items per page (at most 200)', { default: 20 }),
};
const DROPLET = s.integer('Droplet id (from DIGITAL_OCEAN_LIST_ALL_DROPLETS)');
const DOMAIN = s.string('Domain name, e.g. example.com');
const RECORD_FIELDS = {
  type: s.enum(['A', 'AAAA', 'CAA', 'CNAME', 'MX', 'NS', 'SOA', 'SRV', 'TXT'], 'Record type'),
  name: s.string('Host name relative to the domain; @ for the apex, e.g. www'),
  data: s.string('Value: an IP for A/AAAA, a host for CNAME/MX/NS, the text for TXT'),
  priority: s.integer('Priority (MX and SRV)'),
  port: s.integer('Port (SRV)'),
  ttl: s.integer('Time to live in seconds', { default: 1800 }),
  weight: s.integer('Weight (SRV)'),
  flags: s.integer('Flags (CAA)'),
  tag: s.string('Tag (CAA): issue, issuewild or iodef'),
};

export const digitaloceanTools: CuratedTool[] = [
  dO({
    slug: 'DIGITAL_OCEAN_LIST_ALL_DROPLETS',
    name: 'List droplets',
    important: true,
    method: 'GET',
    path: '/v2/droplets',
    input: {
      tag_name: s.string('Only droplets with this tag'),
      name: s.string('Only the droplet with this exact name'),
      ...page,
    },
    required: [],
    description:
      'Virtual machines (droplets): id, name, status (new, active, off), memory, vcpus, disk, region.slug, size_slug, networks.v4 (public and private IPs), tags. Page through with page while links.pages.next is set.',
  }),
  dO({
    slug: 'DIGITAL_OCEAN_RETRIEVE_EXISTING_DROPLET',
    name: 'Get droplet',
    method: 'GET',
    path: '/v2/droplets/{droplet_id}',
    input: { droplet_id: DROPLET },
    description: "One droplet's state, size, image, region, IP addresses, volumes and tags.",
  }),
  dO({
    slug: 'DIGITAL_OCEAN_CREATE_NEW_DROPLET',
    name: 'Create droplet',
    important: true,
    method: 'POST',
    path: '/v2/droplets',
    input: {
      name: s.string('Host name, e.g. web-01'),
      region: s.string('Region slug, e.g. nyc3 (the image must be available there)'),
      size: s.string('Size slug, e.g. s-1vcpu-1gb'),
      image: s.string('Image slug (e.g. ubuntu-24-04-x64) or image id'),
      ssh_keys: s.strings('SSH key ids or fingerprints to install (DIGITAL_OCEAN_LIST_ALL_SSH_KEYS)'),
      backups: s.boolean('Turn on weekly backups'),
      ipv6: s.boolean('Give it an IPv6 address'),
      monitoring: s.boolean('Install the monitoring agent'),
      tags: s.strings('Tags to apply'),
      user_data: s.string('cloud-init user data run on first boot'),
      vpc_uuid: s.string('VPC to place it in; the region default when omitted'),
    },
    required: ['name', 'region', 'size', 'image'],
    description:
      'Create a droplet (it bills from now). Returns droplet.id with status "new"; poll DIGITAL_OCEAN_RETRIEVE_EXISTING_DROPLET until status is active to read its IP.',
  }),
  dO({
    slug: 'DIGITAL_OCEAN_DELETE_EXISTING_DROPLET',
    name: 'Delete droplet',
    method: 'DELETE',
    path: '/v2/droplets/{droplet_id}',
    input: { droplet_id: DROPLET },
    description: 'Destroy a droplet and its data for good (answers 204). Confirm the id with the user first.',
  }),
  dO({
    slug: 'DIGITAL_OCEAN_LIST_ALL_DOMAINS',
    name: 'List domains',
    method: 'GET',
    path: '/v2/domains',
    input: page,
    required: [],
    description: 'DNS zones managed by DigitalOcean: name, ttl, zone_file.',
  }),
  dO({
    slug: 'DIGITAL_OCEAN_CREATE_NEW_DOMAIN',
    name: 'Add domain',
    method: 'POST',
    path: '/v2/domains',
    input: { name: DOMAIN, ip_address: s.string('Optional: create an apex A record pointing here') },
    required: ['name'],
    description:
      "Start managing a domain's DNS at DigitalOcean (point the registrar's nameservers to ns1-3.digitalocean.com).",
  }),
  dO({
    slug: 'DIGITAL_OCEAN_LIST_DOMAIN_RECORDS',
    name: 'List DNS records',
    important: true,
    method: 'GET',
    path: '/v2/domains/{domain_name}/records',
    input: {
      domain_name: DOMAIN,
      type: s.string('Only records of this type, e.g. A'),
      name: s.string('Only records with this full name, e.g. www.example.com'),
      ...page,
    },
    description: 'DNS records of a domain: id (domain_record_id for updates), type, name, data, ttl, priority.',
  }),
  dO({
    slug: 'DIGITAL_OCEAN_CREATE_NEW_DOMAIN_RECORD',
    name: 'Create DNS record',
    important: true,
    method: 'POST',
    path: '/v2/domains/{domain_name}/records',
    input: { domain_name: DOMAIN, ...RECORD_FIELDS },
    required: ['domain_name', 'type', 'data'],
    description: 'Add a DNS record (A, CNAME, MX, TXT, …) to a domain. Returns domain_record with its id.',
  }),
  dO({
    slug: 'DIGITAL_OCEAN_UPDATE_DOMAIN_RECORD',
    name: 'Update DNS record',
    method: 'PUT',
    path: '/v2/domains/{domain_name}/records/{domain_record_id}',
    input: {
      domain_name: DOMAIN,
      domain_record_id: s.integer('Record id from DIGITAL_OCEAN_LIST_DOMAIN_RECORDS'),
      ...RECORD_FIELDS,
    },
    required: ['domain_name', 'domain_record_id', 'type'],
    description: 'Change a DNS record (for example point an A record at a new IP). Returns the updated record.',
  }),
  dO({
    slug: 'DIGITAL_OCEAN_DELETE_DOMAIN_RECORD',
    name: 'Delete DNS record',
    method: 'DELETE',
    path: '/v2/domains/{domain_name}/records/{domain_record_id}',
    input: { domain_name: DOMAIN, domain_record_id: s.integer('Record id') },
    description: 'Remove one DNS record (answers 204).',
  }),
  dO({
    slug: 'DIGITAL_OCEAN_LIST_ALL_SSH_KEYS',
    name: 'List SSH keys',
    method: 'GET',
    path: '/v2/account/keys',
    input: page,
    required: [],
    description:
      'SSH public keys on the account: id, fingerprint, name. Pass ids to DIGITAL_OCEAN_CREATE_NEW_DROPLET ssh_keys.',
  }),
  dO({
    slug: 'DIGITAL_OCEAN_CREATE_NEW_SSH_KEY',
    name: 'Add SSH key',
    method: 'POST',
    path: '/v2/account/keys',
    input: {
      name: s.string('Label'),
      public_key: s.string('Public key in OpenSSH format, e.g. ssh-ed25519 AAAA… me@host'),
    },
    required: ['name', 'public_key'],
    description: 'Register an SSH public key. Returns ssh_key with id and fingerprint.',
  }),
  dO({
    slug: 'DIGITAL_OCEAN_LIST_ALL_VOLUMES',
    name: 'List volumes',
    method: 'GET',
    path: '/v2/volumes',
    input: { name: s.string('Only volumes with this name'), region: s.string('Only volumes in this region'), ...page },
    required: [],
    description: 'Block storage volumes: id, name, size_gigabytes, region, droplet_ids they are attached to.',
  }),
  dO({
    slug: 'DIGITAL_OCEAN_CREATE_NEW_BLOCK_STORAGE_VOLUME',
    name: 'Create volume',
    method: 'POST',
    path: '/v2/volumes',
    input: {
      name: s.string('Lowercase name, e.g. db-data'),
      size_gigabytes: s.integer('Size in GiB'),
      region: s.string('Region slug; attach only to droplets in the same region'),
      description: s.string('Description'),
      filesystem_type: s.enum(['ext4', 'xfs'], 'Format it with this filesystem'),
      snapshot_id: s.string('Create it from this volume snapshot'),
      tags: s.strings('Tags'),
    },
    required: ['name', 'size_gigabytes'],
    description: 'Create a block storage volume (billed by size). Returns volume.id.',
  }),
  dO({
    slug: 'DIGITAL_OCEAN_LIST_ALL_DATABASES',
    name: 'List database clusters',
    method: 'GET',
    path: '/v2/databases',
    input: { tag_name: s.string('Only clusters with this tag') },
    required: [],
    description:
      'Managed database clusters: id, name, engine (pg, mysql, redis, mongodb, …), version, status, connection details.',
  }),
  dO({
    slug: 'DIGITAL_OCEAN_LIST_ALL_KUBERNETES_CLUSTERS',
    name: 'List Kubernetes clusters',
    method: 'GET',
    path: '/v2/kubernetes/clusters',
    input: page,
    required: [],
    description: 'Kubernetes clusters: id, name, region, version, status.state, node_pools.',
  }),
  dO({
    slug: 'DIGITAL_OCEAN_LIST_APPS',
    name: 'List apps',
    method: 'GET',
    path: '/v2/apps',
    input: { with_projects: s.boolean('Include the project of each app'), ...page },
    required: [],
    description: 'App Platform apps: id, spec.name, live_url, active_deployment, region.',
  }),
  dO({
    slug: 'DIGITAL_OCEAN_LIST_ALL_IMAGES',
    name: 'List images',
    method: 'GET',
    path: '/v2/images',
    input: {
      type: s.enum(['distribution', 'application'], 'Public distribution or one-click application images'),
      private: s.boolean('Only your snapshots and custom images'),
      tag_name: s.string('Only images with this tag'),
      ...page,
    },
    required: [],
    description: 'Images for new droplets: id, slug (e.g. ubuntu-24-04-x64), distribution, regions.',
  }),
  dO({
    slug: 'DIGITAL_OCEAN_TAG_RESOURCE',
    name: 'Tag resources',
    method: 'POST',
    path: '/v2/tags/{tag_id}/resources',
    input: {
      tag_id: s.string('Tag name (create it with DIGITAL_OCEAN_CREATE_NEW_TAG)'),
      resources: s.array(
        s.object(
          {
            resource_id: s.string('Resource id'),
            resource_type: s.enum(['droplet', 'image', 'volume', 'volume_snapshot'], 'Resource type'),
          },
          'Resource',
        ),
        'Resources to tag',
      ),
    },
    required: ['tag_id', 'resources'],
    description: 'Apply an existing tag to droplets, images or volumes (answers 204).',
  }),
];

/** Hosted DIGITAL_OCEAN_* names of generated DIGITALOCEAN_* operations with the same arguments (checked by hand). */
export const digitaloceanAliases: Record<string, string> = {
  DIGITAL_OCEAN_CREATE_CUSTOM_IMAGE: 'DIGITALOCEAN_CREATE_A_CUSTOM_IMAGE',
  DIGITAL_OCEAN_CREATE_DATABASE_CLUSTER: 'DIGITALOCEAN_CREATE_A_NEW_DATABASE_CLUSTER',
  DIGITAL_OCEAN_CREATE_NEW_KUBERNETES_CLUSTER: 'DIGITALOCEAN_CREATE_A_NEW_KUBERNETES_CLUSTER',
  DIGITAL_OCEAN_CREATE_NEW_LOAD_BALANCER: 'DIGITALOCEAN_CREATE_A_NEW_LOAD_BALANCER',
  DIGITAL_OCEAN_CREATE_NEW_TAG: 'DIGITALOCEAN_CREATE_A_NEW_TAG',
  DIGITAL_OCEAN_CREATE_NEW_VPC: 'DIGITALOCEAN_CREATE_A_NEW_VPC',
  DIGITAL_OCEAN_DELETE_BLOCK_STORAGE_VOLUME: 'DIGITALOCEAN_DELETE_A_BLOCK_STORAGE_VOLUME',
  DIGITAL_OCEAN_DELETE_DATABASE_CLUSTER: 'DIGITALOCEAN_DESTROY_A_DATABASE_CLUSTER',
  DIGITAL_OCEAN_DELETE_DOMAIN: 'DIGITALOCEAN_DELETE_A_DOMAIN',
  DIGITAL_OCEAN_DELETE_FIREWALL: 'DIGITALOCEAN_DELETE_A_FIREWALL',
  DIGITAL_OCEAN_DELETE_IMAGE: 'DIGITALOCEAN_DELETE_AN_IMAGE',
  DIGITAL_OCEAN_DELETE_LOAD_BALANCER: 'DIGITALOCEAN_DELETE_A_LOAD_BALANCER',
  DIGITAL_OCEAN_DELETE_SSH_KEY: 'DIGITALOCEAN_DELETE_AN_SSH_KEY',
  DIGITAL_OCEAN_DELETE_TAG: 'DIGITALOCEAN_DELETE_A_TAG',
  DIGITAL_OCEAN_DELETE_VPC: 'DIGITALOCEAN_DELETE_A_VPC',
  DIGITAL_OCEAN_LIST_ALL_FIREWALLS: 'DIGITALOCEAN_LIST_ALL_FIREWALLS',
  DIGITAL_OCEAN_LIST_ALL_LOAD_BALANCERS: 'DIGITALOCEAN_LIST_ALL_LOAD_BALANCERS',
  DIGITAL_OCEAN_LIST_ALL_SNAPSHOTS: 'DIGITALOCEAN_LIST_ALL_SNAPSHOTS',
  DIGITAL_OCEAN_LIST_ALL_TAGS: 'DIGITALOCEAN_LIST_ALL_TAGS',
  DIGITAL_OCEAN_LIST_ALL_VPCS: 'DIGITALOCEAN_LIST_ALL_VPCS',
  DIGITAL_OCEAN_LIST_DATABASE_OPTIONS: 'DIGITALOCEAN_LIST_DATABASE_OPTIONS',
  DIGITAL_OCEAN_RETRIEVE_DOMAIN: 'DIGITALOCEAN_RETRIEVE_AN_EXISTING_DOMAIN',
  DIGITAL_OCEAN_RETRIEVE_DOMAIN_RECORD: 'DIGITALOCEAN_RETRIEVE_AN_EXISTING_DOMAIN_RECORD',
  DIGITAL_OCEAN_RETRIEVE_EXISTING_IMAGE: 'DIGITALOCEAN_RETRIEVE_AN_EXISTING_IMAGE',
  DIGITAL_OCEAN_RETRIEVE_TAG: 'DIGITALOCEAN_RETRIEVE_A_TAG',
  DIGITAL_OCEAN_RETRIEVE_VPC: 'DIGITALOCEAN_RETRIEVE_AN_EXISTING_VPC',
  DIGITAL_OCEAN_UNTAG_RESOURCE: 'DIGITALOCEAN_UNTAG_A_RESOURCE',
  DIGITAL_OCEAN_UPDATE_VPC: 'DIGITALOCEAN_UPDATE_A_VPC',
};
