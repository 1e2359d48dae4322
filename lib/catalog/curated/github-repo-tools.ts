/**
 * GitHub tools of the hosted vocabulary that are more than one generated operation: closing and
 * reopening issues and pull requests (a state change on the update endpoints), creating a branch
 * from a name, committing several files at once through the Git data API, reading a file's raw
 * bytes, switching a pull request between draft and ready (GraphQL, after looking up its node id),
 * checking the connection's token, and adding an issue or PR to a user's Projects V2 board.
 */
import { composite, params, s } from './define';
import { runGraphql } from './graphql';
import { ToolArgumentError, ToolFailure, type CuratedContext, type CuratedTool } from './types';

type Args = Record<string, unknown>;
const enc = encodeURIComponent;
/** branch names keep their slashes in Git ref paths (heads/feature/x) */
const refPath = (branch: string) => branch.split('/').map(enc).join('/');
const OWNER = s.string('Account (user or organization) that owns the repository.', { examples: ['octocat'] });
const REPO = s.string('Repository name, without .git.', { examples: ['Hello-World'] });
const repoPath = (a: Args) => `/repos/${enc(String(a.owner))}/${enc(String(a.repo))}`;

function setState(
  slug: string,
  kind: 'issue' | 'pull',
  state: 'open' | 'closed',
  name: string,
  description: string,
): CuratedTool {
  const num = kind === 'issue' ? 'issue_number' : 'pull_number';
  const props: Record<string, unknown> = {
    owner: OWNER,
    repo: REPO,
    [num]: s.integer(kind === 'issue' ? 'Issue number.' : 'Pull request number.', { minimum: 1 }),
  };
  if (kind === 'issue' && state === 'closed')
    props.state_reason = s.enum(['completed', 'not_planned'], 'Why it is closed.', { default: 'completed' });
  return composite({
    slug,
    name,
    description,
    tags: ['github', kind === 'issue' ? 'issues' : 'pulls'],
    input: params(props, ['owner', 'repo', num]),
    run(ctx, a) {
      const body: Args = { state };
      if (kind === 'issue') body.state_reason = state === 'open' ? 'reopened' : (a.state_reason ?? 'completed');
      const path = `${repoPath(a)}/${kind === 'issue' ? 'issues' : 'pulls'}/${enc(String(a[num]))}`;
      return ctx.json({ method: 'PATCH', path, body });
    },
  });
}

async function headOf(ctx: CuratedContext, a: Args, branch: string): Promise<string | null> {
  const res = await ctx.call({ method: 'GET', path: `${repoPath(a)}/git/ref/heads/${refPath(branch)}` });
  if (res.status === 404) return null;
  if (!res.ok)
    throw new ToolFailure(`reading branch ${branch} failed (HTTP ${res.status})`, {
      http_error: res.body,
      status_code: res.status,
    });
  return ((res.body as { object?: { sha?: string } }).object?.sha ?? null) as string | null;
}

const createBranch = composite({
  slug: 'GITHUB_CREATE_BRANCH',
  name: 'Create a branch',
  tags: ['github', 'branches', 'git'],
  description:
    "Create a new branch named branch_name in a repository, starting at commit sha, or at the head of from_branch (the repository's default branch when neither is given). Fails with 422 if the branch exists; the repository must have at least one commit. Returns the new ref with its commit sha; commit to it with GITHUB_COMMIT_MULTIPLE_FILES or GITHUB_CREATE_OR_UPDATE_FILE_CONTENTS.",
  input: params(
    {
      owner: OWNER,
      repo: REPO,
      branch_name: s.string('Name of the new branch (no refs/heads/ prefix).', { examples: ['feature/login'] }),
      sha: s.string('Commit the branch starts at.'),
      from_branch: s.string('Start at the head of this branch instead of a sha.'),
    },
    ['owner', 'repo', 'branch_name'],
  ),
  normalize: (a) => {
    if (a.branch_name !== undefined || a.branch === undefined) return a;
    const { branch, ...rest } = a;
    return { ...rest, branch_name: branch };
  },
  async run(ctx, a) {
    let sha = a.sha as string | undefined;
    if (!sha) {
      let from = a.from_branch as string | undefined;
      if (!from)
        from = (await ctx.json<{ default_branch: string }>({ method: 'GET', path: repoPath(a) })).default_branch;
      const head = await headOf(ctx, a, from);
      if (!head) throw new ToolFailure(`branch ${from} was not found`, { status_code: 404 });
      sha = head;
    }
    const name = String(a.branch_name).replace(/^refs\/heads\//, '');
    return ctx.json({ method: 'POST', path: `${repoPath(a)}/git/refs`, body: { ref: `refs/heads/${name}`, sha } });
  },
});

const PERSON = s.object(
  {
    name: s.string('Name.'),
    email: s.string('Email address.'),
    date: s.string('When (ISO 8601); now when omitted.'),
  },
  'Git identity; the connected account when omitted.',
);

const commitFiles = composite({
  slug: 'GITHUB_COMMIT_MULTIPLE_FILES',
  name: 'Commit several files',
  tags: ['github', 'git', 'files'],
  important: true,
  description:
    'Create, update and delete several files in one commit on branch, through the Git data API (no per-file SHAs needed). upserts: [{path, content, encoding utf-8|base64}]; deletes: [paths]. A branch that does not exist yet is created from base_branch. If the branch moves while committing (422 not a fast forward), the commit is rebuilt on the new head up to max_retries times; force overwrites instead. Returns commit_sha, tree_sha, branch and whether the branch was created.',
  input: params(
    {
      owner: OWNER,
      repo: REPO,
      branch: s.string('Branch to commit to.', { examples: ['main'] }),
      message: s.string('Commit message.'),
      upserts: s.array(
        s.object(
          {
            path: s.string('File path in the repository.'),
            content: s.string('File content.'),
            encoding: s.enum(['utf-8', 'base64'], 'How content is given.', { default: 'utf-8' }),
          },
          'File to create or replace.',
          { required: ['path', 'content'] },
        ),
        'Files to create or update.',
      ),
      deletes: s.strings('Paths to delete.'),
      base_branch: s.string('Branch to start from when branch does not exist yet.'),
      author: PERSON,
      committer: PERSON,
      force: s.boolean('Move the branch even if the commit is not a fast forward.', { default: false }),
      max_retries: s.integer('Rebuild attempts when the branch moved meanwhile.', {
        default: 3,
        minimum: 0,
        maximum: 10,
      }),
    },
    ['owner', 'repo', 'branch', 'message'],
  ),
  async run(ctx, a) {
    const upserts = (a.upserts ?? []) as { path: string; content: string; encoding?: string }[];
    const deletes = (a.deletes ?? []) as string[];
    if (!upserts.length && !deletes.length) throw new ToolArgumentError('give upserts or deletes');
    const branch = String(a.branch);
    // blobs do not depend on the branch head: create the binary ones once
    const entries: Args[] = [];
    for (const f of upserts) {
      if (f.encoding === 'base64') {
        const blob = await ctx.json<{ sha: string }>({
          method: 'POST',
          path: `${repoPath(a)}/git/blobs`,
          body: { content: f.content, encoding: 'base64' },
        });
        entries.push({ path: f.path, mode: '100644', type: 'blob', sha: blob.sha });
      } else entries.push({ path: f.path, mode: '100644', type: 'blob', content: f.content });
    }
    for (const p of deletes) entries.push({ path: p, mode: '100644', type: 'blob', sha: null });

    const retries = Number(a.max_retries ?? 3);
    for (let attempt = 0; ; attempt++) {
      let head = await headOf(ctx, a, branch);
      const created = !head;
      if (!head) {
        if (!a.base_branch)
          throw new ToolArgumentError(`branch ${branch} does not exist: give base_branch to create it from`);
        head = await headOf(ctx, a, String(a.base_branch));
        if (!head) throw new ToolFailure(`base branch ${a.base_branch} was not found`, { status_code: 404 });
      }
      const parent = await ctx.json<{ tree: { sha: string } }>({
        method: 'GET',
        path: `${repoPath(a)}/git/commits/${enc(head)}`,
      });
      const tree = await ctx.json<{ sha: string }>({
        method: 'POST',
        path: `${repoPath(a)}/git/trees`,
        body: { base_tree: parent.tree.sha, tree: entries },
      });
      const commitBody: Args = { message: a.message, tree: tree.sha, parents: [head] };
      if (a.author) commitBody.author = a.author;
      if (a.committer) commitBody.committer = a.committer;
      const commit = await ctx.json<{ sha: string; html_url?: string }>({
        method: 'POST',
        path: `${repoPath(a)}/git/commits`,
        body: commitBody,
      });
      const res = created
        ? await ctx.call({
            method: 'POST',
            path: `${repoPath(a)}/git/refs`,
            body: { ref: `refs/heads/${branch}`, sha: commit.sha },
          })
        : await ctx.call({
            method: 'PATCH',
            path: `${repoPath(a)}/git/refs/heads/${refPath(branch)}`,
            body: { sha: commit.sha, force: a.force === true },
          });
      if (res.ok)
        return {
          commit_sha: commit.sha,
          tree_sha: tree.sha,
          branch,
          branch_created: created,
          html_url: commit.html_url ?? null,
          files_changed: upserts.length + deletes.length,
        };
      const moved = res.status === 422 && /fast.?forward|already exists/i.test(JSON.stringify(res.body ?? ''));
      if (!moved || attempt >= retries)
        throw new ToolFailure(`updating branch ${branch} failed (HTTP ${res.status})`, {
          http_error: res.body ?? null,
          status_code: res.status,
        });
    }
  },
});

/** valid UTF-8 without NUL bytes reads as text; anything else is handed over as a staged file */
function asText(buf: Buffer): string | null {
  const text = buf.toString('utf8');
  return text.includes('\uFFFD') || text.includes('\u0000') ? null : text;
}

const rawContent = composite({
  slug: 'GITHUB_GET_RAW_REPOSITORY_CONTENT',
  name: 'Read a file (raw)',
  tags: ['github', 'files', 'read'],
  description:
    'The raw content of one file in a repository at ref (branch, tag or commit; the default branch when omitted), without the base64 wrapping of GITHUB_GET_REPOSITORY_CONTENT. Text files come back as content; binary files as a downloadable file ({name, mimetype, s3url}). Parsing JSON, CSV etc. is up to you. For directory listings use GITHUB_GET_REPOSITORY_CONTENT.',
  input: params(
    {
      owner: OWNER,
      repo: REPO,
      path: s.string('File path in the repository.', { examples: ['README.md'] }),
      ref: s.string('Branch, tag or commit sha.'),
    },
    ['owner', 'repo', 'path'],
  ),
  async run(ctx, a) {
    const filePath = String(a.path).replace(/^\/+/, '');
    const res = await ctx.call({
      method: 'GET',
      path: `${repoPath(a)}/contents/${filePath.split('/').map(enc).join('/')}`,
      query: { ref: a.ref as string | undefined },
      headers: { Accept: 'application/vnd.github.raw+json' },
    });
    if (!res.ok)
      throw new ToolFailure(`reading ${filePath} failed (HTTP ${res.status})`, {
        http_error: res.body ?? null,
        status_code: res.status,
      });
    const bytes = res.binary ?? Buffer.from(typeof res.body === 'string' ? res.body : JSON.stringify(res.body ?? ''));
    const text = asText(bytes);
    const base = { path: filePath, ref: (a.ref as string | undefined) ?? null, size: bytes.length };
    if (text !== null) return { ...base, content: text };
    const name = filePath.split('/').pop() || 'file';
    return { ...base, content: null, file: await ctx.stageFile(bytes, name, 'application/octet-stream') };
  },
});

const validateCredential = composite({
  slug: 'GITHUB_VALIDATE_CREDENTIAL',
  name: 'Check the GitHub connection',
  tags: ['github', 'users'],
  description:
    "Check that the connection's token still works: asks GitHub who it belongs to. Returns valid true with the username and the token's scopes (when GitHub reports them), or valid false with GitHub's status and message when the token is expired, revoked or lacks access.",
  input: params({}),
  async run(ctx) {
    const res = await ctx.call({ method: 'GET', path: '/user' });
    if (res.ok) {
      const user = res.body as { login?: string; id?: number };
      const scopes = res.headers['x-oauth-scopes'];
      return {
        valid: true,
        username: user.login ?? null,
        user_id: user.id ?? null,
        scopes: scopes
          ? scopes
              .split(',')
              .map((x) => x.trim())
              .filter(Boolean)
          : null,
      };
    }
    if (res.status === 401 || res.status === 403)
      return { valid: false, status_code: res.status, message: (res.body as { message?: string })?.message ?? null };
    throw new ToolFailure(`GitHub answered HTTP ${res.status}`, {
      http_error: res.body ?? null,
      status_code: res.status,
    });
  },
});

/** GraphQL documents of the draft/ready switch (validated against GitHub's schema in tests) */
export const PULL_REQUEST_STATE_DOCUMENTS = {
  ready:
    'mutation Ready($id: ID!) { markPullRequestReadyForReview(input: { pullRequestId: $id }) { pullRequest { id number isDraft url } } }',
  draft:
    'mutation Draft($id: ID!) { convertPullRequestToDraft(input: { pullRequestId: $id }) { pullRequest { id number isDraft url } } }',
};

function draftSwitch(slug: string, which: 'ready' | 'draft', name: string, description: string): CuratedTool {
  return composite({
    slug,
    name,
    description,
    tags: ['github', 'pulls'],
    input: params(
      {
        owner: OWNER,
        repo: REPO,
        pull_number: s.integer('Pull request number.', { minimum: 1 }),
        pull_request_id: s.string('Node id of the pull request (instead of owner/repo/pull_number).'),
      },
      [],
    ),
    async run(ctx, a) {
      let id = a.pull_request_id as string | undefined;
      if (!id) {
        if (!a.owner || !a.repo || !a.pull_number)
          throw new ToolArgumentError('give owner, repo and pull_number, or pull_request_id');
        const pr = await ctx.json<{ node_id: string }>({
          method: 'GET',
          path: `${repoPath(a)}/pulls/${enc(String(a.pull_number))}`,
        });
        id = pr.node_id;
      }
      const data = await runGraphql(ctx, '/graphql', PULL_REQUEST_STATE_DOCUMENTS[which], { id });
      const key = which === 'ready' ? 'markPullRequestReadyForReview' : 'convertPullRequestToDraft';
      return { ...((data[key] ?? {}) as Args) };
    },
  });
}

const addProjectItem = composite({
  slug: 'GITHUB_ADD_ITEM_TO_USER_PROJECT',
  name: "Add an issue or PR to a user's project",
  tags: ['github', 'projects'],
  description:
    'Put an existing issue or pull request on a user-owned Projects V2 board (username, project_number from the project URL). Identify the item by its numeric id, or by owner, repo and number. Returns the new project item; set its fields with GITHUB_UPDATE_PROJECT_ITEM_FOR_USER.',
  input: params(
    {
      username: s.string('Login of the user who owns the project.'),
      project_number: s.integer('Project number (from its URL).', { minimum: 1 }),
      type: s.enum(['Issue', 'PullRequest'], 'What is added.'),
      id: s.integer('Numeric id of the issue or pull request (the id field, not the number).'),
      owner: s.string('Repository owner (with repo and number, instead of id).'),
      repo: s.string('Repository name (with owner and number).'),
      number: s.integer('Issue or pull request number (with owner and repo).'),
    },
    ['username', 'project_number', 'type'],
  ),
  run(ctx, a) {
    const body: Args = { type: a.type };
    if (a.id !== undefined) body.id = a.id;
    else if (a.owner && a.repo && a.number !== undefined)
      Object.assign(body, { owner: a.owner, repo: a.repo, number: a.number });
    else throw new ToolArgumentError('give id, or owner, repo and number');
    return ctx.json({
      method: 'POST',
      path: `/users/${enc(String(a.username))}/projectsV2/${enc(String(a.project_number))}/items`,
      body,
    });
  },
});

export const githubRepoTools: CuratedTool[] = [
  setState(
    'GITHUB_CLOSE_ISSUE',
    'issue',
    'closed',
    'Close an issue',
    'Close an issue, as completed (default) or not_planned (state_reason). Returns the updated issue; reopen it with GITHUB_REOPEN_ISSUE.',
  ),
  setState(
    'GITHUB_REOPEN_ISSUE',
    'issue',
    'open',
    'Reopen an issue',
    'Reopen a closed issue (state_reason becomes reopened); needs push access. Returns the updated issue.',
  ),
  setState(
    'GITHUB_CLOSE_PULL_REQUEST',
    'pull',
    'closed',
    'Close a pull request',
    'Close a pull request without merging it (to merge, use GITHUB_MERGE_A_PULL_REQUEST). It can be reopened with GITHUB_REOPEN_PULL_REQUEST. Returns the updated pull request.',
  ),
  setState(
    'GITHUB_REOPEN_PULL_REQUEST',
    'pull',
    'open',
    'Reopen a pull request',
    'Reopen a closed, unmerged pull request so it can be reviewed and merged again; fails if its head branch was deleted. Returns the updated pull request.',
  ),
  createBranch,
  commitFiles,
  rawContent,
  validateCredential,
  draftSwitch(
    'GITHUB_MARK_PULL_REQUEST_READY_FOR_REVIEW',
    'ready',
    'Mark a pull request ready for review',
    'Take a draft pull request out of draft so reviewers are notified and it can be merged. Give owner, repo and pull_number (or its node id). Returns the pull request with isDraft false.',
  ),
  draftSwitch(
    'GITHUB_CONVERT_PULL_REQUEST_TO_DRAFT',
    'draft',
    'Convert a pull request to draft',
    'Turn an open pull request back into a draft (work in progress; cannot be merged until marked ready with GITHUB_MARK_PULL_REQUEST_READY_FOR_REVIEW). Returns the pull request with isDraft true.',
  ),
  addProjectItem,
];
