/* Proposal, measured by bench/host-variants.sh (not part of the product
 * build): load libtirpc only when an RPC question is actually asked.
 *
 * `nfs-ctl exec COMPONENT` (every unit's ExecStart=) never talks to rpcbind,
 * yet the dynamic loader maps and relocates libtirpc and its closure
 * (libgssapi_krb5, libkrb5, libk5crypto, libkrb5support, libcom_err,
 * libkeyutils, libresolv) before main() on every call.  Linked without
 * -ltirpc and with this file, the four libtirpc entry points nfs-ctl uses
 * resolve to the forwarders below, which dlopen() libtirpc on first use.
 * (clnt_call, clnt_freeres and clnt_destroy are macros through the CLIENT's
 * operation table, so they need no forwarder.)  The same can be done for
 * libsystemd's sd_booted() and sd_journal_sendv(). */
#include <dlfcn.h>
#include <rpc/rpc.h>
#include <rpc/rpcb_prot.h>
#include <stdio.h>
#include <stdlib.h>

#define TIRPC_SONAME "libtirpc.so.3"
#define TIRPC_VERSION "TIRPC_0.3.0"

static void *tirpc_sym(const char *name)
{
	static void *handle;
	void *p;

	if (!handle)
		handle = dlopen(TIRPC_SONAME, RTLD_NOW | RTLD_LOCAL);
	if (!handle) {
		fprintf(stderr, "nfs-ctl: cannot load %s: %s\n", TIRPC_SONAME, dlerror());
		return NULL;
	}
	p = dlvsym(handle, name, TIRPC_VERSION);
	return p ? p : dlsym(handle, name);
}

CLIENT *clnt_create(const char *host, const rpcprog_t prog, const rpcvers_t vers,
		    const char *proto)
{
	static CLIENT *(*real)(const char *, rpcprog_t, rpcvers_t, const char *);

	if (!real)
		*(void **)&real = tirpc_sym("clnt_create");
	return real ? real(host, prog, vers, proto) : NULL;
}

CLIENT *clnt_vc_create(const int fd, const struct netbuf *addr, const rpcprog_t prog,
		       const rpcvers_t vers, u_int sendsz, u_int recvsz)
{
	static CLIENT *(*real)(int, const struct netbuf *, rpcprog_t, rpcvers_t, u_int, u_int);

	if (!real)
		*(void **)&real = tirpc_sym("clnt_vc_create");
	return real ? real(fd, addr, prog, vers, sendsz, recvsz) : NULL;
}

/* The XDR routines are handed to clnt_call and called back by libtirpc;
 * by then libtirpc is loaded (clnt_*_create came first). */
bool_t xdr_void(void)
{
	return TRUE;
}

bool_t xdr_rpcblist_ptr(XDR *xdrs, rpcblist_ptr *rp)
{
	static bool_t (*real)(XDR *, rpcblist_ptr *);

	if (!real)
		*(void **)&real = tirpc_sym("xdr_rpcblist_ptr");
	return real ? real(xdrs, rp) : FALSE;
}
