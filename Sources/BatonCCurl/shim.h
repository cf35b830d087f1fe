#ifndef BATON_C_CURL_SHIM_H
#define BATON_C_CURL_SHIM_H

#include <curl/curl.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/eventfd.h>
#include <sys/prctl.h>
#else
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#endif
#if defined(__FreeBSD__) || defined(__OpenBSD__)
#include <pthread_np.h>
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

static inline CURLcode baton_curl_easy_setopt_read_function(
    CURL *handle, size_t (*function)(char *, size_t, size_t, void *)) {
    return curl_easy_setopt(handle, CURLOPT_READFUNCTION, function);
}

// What a read callback returns to stop the transfer (a streamed body that cannot be read).
static inline size_t baton_curl_read_abort(void) {
    return CURL_READFUNC_ABORT;
}

static inline CURLcode baton_curl_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *list) {
    return curl_easy_setopt(handle, option, list);
}

static inline CURLMcode baton_curl_multi_setopt_long(CURLM *handle, CURLMoption option, long value) {
    return curl_multi_setopt(handle, option, value);
}

// The multi interface's event API (curl_multi_socket_action), for the WebSocket connections whose
// connect and TLS handshake a thread of Baton's own drives beside other sockets.
static inline CURLMcode baton_curl_multi_setopt_pointer(CURLM *handle, CURLMoption option, void *value) {
    return curl_multi_setopt(handle, option, value);
}

static inline CURLMcode baton_curl_multi_setopt_socket_function(CURLM *handle, curl_socket_callback function) {
    return curl_multi_setopt(handle, CURLMOPT_SOCKETFUNCTION, function);
}

static inline CURLMcode baton_curl_multi_setopt_timer_function(CURLM *handle, curl_multi_timer_callback function) {
    return curl_multi_setopt(handle, CURLMOPT_TIMERFUNCTION, function);
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

// Back-pressure on a transfer's body: the value a write callback returns to pause the transfer
// (curl keeps the bytes and hands them again), and the call that resumes it. CURLPAUSE_CONT is a
// macro of macros, which Swift does not import.
static inline size_t baton_curl_write_pause(void) {
    return CURL_WRITEFUNC_PAUSE;
}

static inline CURLcode baton_curl_easy_unpause(CURL *handle) {
    return curl_easy_pause(handle, CURLPAUSE_CONT);
}

// Helpers for the threads Baton runs beside curl's sockets, on every platform Package.swift names.
//
// A wakeup for threads that sleep in poll() beside sockets curl opened (the WebSocket connection's
// I/O thread): poll `read`, signal through `write`. On Linux both are one eventfd, which Glibc's
// Swift module does not export; elsewhere (Darwin, the BSDs) they are the two ends of a pipe.
typedef struct {
    int read;
    int write;
} baton_wakeup;

#if defined(__linux__)
// Fills `wakeup` and returns 0, or returns -1 (the process is out of descriptors).
static inline int baton_wakeup_create(baton_wakeup *wakeup) {
    int descriptor = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    wakeup->read = descriptor;
    wakeup->write = descriptor;
    return descriptor < 0 ? -1 : 0;
}

static inline void baton_wakeup_signal(baton_wakeup wakeup) {
    eventfd_write(wakeup.write, 1);
}

static inline void baton_wakeup_drain(baton_wakeup wakeup) {
    eventfd_t value;
    eventfd_read(wakeup.read, &value);
}

static inline void baton_wakeup_close(baton_wakeup wakeup) {
    close(wakeup.read);
}
#else
static inline int baton_wakeup_configure(int descriptor) {
    int flags = fcntl(descriptor, F_GETFL);
    if (flags < 0 || fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) < 0) return -1;
    return fcntl(descriptor, F_SETFD, FD_CLOEXEC);
}

// Fills `wakeup` and returns 0, or returns -1 (the process is out of descriptors).
static inline int baton_wakeup_create(baton_wakeup *wakeup) {
    int ends[2];
    if (pipe(ends) != 0) return -1;
    if (baton_wakeup_configure(ends[0]) < 0 || baton_wakeup_configure(ends[1]) < 0) {
        close(ends[0]);
        close(ends[1]);
        return -1;
    }
    wakeup->read = ends[0];
    wakeup->write = ends[1];
    return 0;
}

// A full pipe already holds a wakeup, so a write that would block is dropped.
static inline void baton_wakeup_signal(baton_wakeup wakeup) {
    const char byte = 1;
    ssize_t written;
    do {
        written = write(wakeup.write, &byte, 1);
    } while (written < 0 && errno == EINTR);
}

static inline void baton_wakeup_drain(baton_wakeup wakeup) {
    char bytes[64];
    ssize_t count;
    do {
        count = read(wakeup.read, bytes, sizeof bytes);
    } while (count > 0 || (count < 0 && errno == EINTR));
}

static inline void baton_wakeup_close(baton_wakeup wakeup) {
    close(wakeup.read);
    close(wakeup.write);
}
#endif

// Names the calling thread (Linux keeps 15 bytes); prctl is variadic. Where no call names the
// calling thread, it stays unnamed.
static inline void baton_thread_set_name(const char *name) {
#if defined(__linux__)
    prctl(PR_SET_NAME, name, 0, 0, 0);
#elif defined(__APPLE__)
    pthread_setname_np(name);
#elif defined(__FreeBSD__) || defined(__OpenBSD__)
    pthread_set_name_np(pthread_self(), name);
#elif defined(__NetBSD__)
    pthread_setname_np(pthread_self(), "%s", (void *)name);
#else
    (void)name;
#endif
}

#endif
