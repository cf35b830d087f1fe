#ifndef BATON_C_CURL_SHIM_H
#define BATON_C_CURL_SHIM_H

#include <curl/curl.h>
#if defined(__linux__)
#include <sys/eventfd.h>
#include <sys/prctl.h>
#endif

// curl_easy_setopt, curl_multi_setopt and curl_easy_getinfo are variadic, which Swift cannot call;
// these typed wrappers give each argument kind its own entry point.

static inline CURLcode baton_curl_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode baton_curl_easy_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode baton_curl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode baton_curl_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode baton_curl_easy_setopt_write_function(
    CURL *handle, size_t (*function)(char *, size_t, size_t, void *)) {
    return curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, function);
}

static inline CURLcode baton_curl_easy_setopt_header_function(
    CURL *handle, size_t (*function)(char *, size_t, size_t, void *)) {
    return curl_easy_setopt(handle, CURLOPT_HEADERFUNCTION, function);
}

static inline CURLcode baton_curl_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *list) {
    return curl_easy_setopt(handle, option, list);
}

static inline CURLMcode baton_curl_multi_setopt_long(CURLM *handle, CURLMoption option, long value) {
    return curl_multi_setopt(handle, option, value);
}

static inline CURLcode baton_curl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode baton_curl_easy_getinfo_pointer(CURL *handle, CURLINFO info, void **value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode baton_curl_easy_getinfo_socket(CURL *handle, curl_socket_t *value) {
    return curl_easy_getinfo(handle, CURLINFO_ACTIVESOCKET, value);
}

// Linux helpers for the threads Baton runs beside curl's sockets.
//
// A wakeup descriptor for threads that sleep in poll() beside sockets curl opened (the WebSocket
// connection's I/O thread): eventfd on Linux, where Glibc's Swift module does not export it.
#if defined(__linux__)
static inline int baton_wakeup_create(void) {
    return eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
}

static inline void baton_wakeup_signal(int descriptor) {
    eventfd_write(descriptor, 1);
}

static inline void baton_wakeup_drain(int descriptor) {
    eventfd_t value;
    eventfd_read(descriptor, &value);
}

// Names the calling thread (at most 15 bytes are kept); prctl is variadic.
static inline void baton_thread_set_name(const char *name) {
    prctl(PR_SET_NAME, name, 0, 0, 0);
}
#endif

#endif
