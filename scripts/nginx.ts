/**
 * A throwaway nginx for the benchmark, the rollout check and the export
 * test: a main configuration that keeps everything nginx writes under `dir`
 * and runs in the foreground, around the `http` block's own directives.
 */
import { existsSync } from 'node:fs';

/** Debian's nginx (apt-get install -y nginx-light), or undefined. */
export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path));
/** Debian's brotli_static (apt-get install -y libnginx-mod-http-brotli-static), or undefined. */
export const BROTLI_STATIC_MODULE = ['/usr/lib/nginx/modules/ngx_http_brotli_static_module.so'].find((path) => existsSync(path));

/** What the export's tests lack to run nginx, in words that say how to get it; undefined when nothing is missing. */
export function nginxMissing(): string | undefined {
  if (!NGINX) return 'no nginx (apt-get install -y nginx-light)';
  if (!BROTLI_STATIC_MODULE) return 'nginx has no brotli_static module (apt-get install -y libnginx-mod-http-brotli-static)';
  return undefined;
}

export function standaloneNginxConfig(dir: string, http: string, { errorLog = `${dir}/error.log`, modules = [] as string[] } = {}): string {
  return `${modules.map((module) => `load_module ${module};\n`).join('')}daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${errorLog} warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${http}
}
`;
}
