/* A junk-request flood for the listener benchmark: CONNECTIONS keep-alive connections, each sending
 * `GET PATH` as fast as answers come back, for SECONDS. Prints "REQUESTS SECONDS" (answers counted).
 * Usage: flood PORT SECONDS CONNECTIONS PATH */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

static int port;
static double seconds;
static const char *path;
static atomic_long answered;

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static int connect_loopback(void) {
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons((unsigned short)port)};
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (fd >= 0 && connect(fd, (struct sockaddr *)&address, sizeof address) == 0) return fd;
    if (fd >= 0) close(fd);
    return -1;
}

/* Reads one answer: headers, then Content-Length bytes of body. Returns 0 on success. */
static int read_answer(int fd, char *buffer, size_t size) {
    size_t have = 0;
    char *end = NULL;
    while (!(end = memmem(buffer, have, "\r\n\r\n", 4))) {
        ssize_t count = read(fd, buffer + have, size - have);
        if (count <= 0) return -1;
        have += (size_t)count;
    }
    size_t header = (size_t)(end - buffer) + 4, body = 0;
    char *field = memmem(buffer, header, "Content-Length:", 15);
    if (!field) field = memmem(buffer, header, "content-length:", 15);
    if (field) body = (size_t)strtoul(field + 15, NULL, 10);
    size_t left = header + body > have ? header + body - have : 0;
    while (left > 0) {
        ssize_t count = read(fd, buffer, left < size ? left : size);
        if (count <= 0) return -1;
        left -= (size_t)count;
    }
    return 0;
}

static void *worker(void *unused) {
    (void)unused;
    char request[512], buffer[65536];
    int length = snprintf(request, sizeof request, "GET %s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n\r\n", path, port);
    double deadline = now() + seconds;
    int fd = -1;
    while (now() < deadline) {
        if (fd < 0 && (fd = connect_loopback()) < 0) continue;
        if (write(fd, request, (size_t)length) != length || read_answer(fd, buffer, sizeof buffer) != 0) {
            close(fd);
            fd = -1;
            continue;
        }
        atomic_fetch_add(&answered, 1);
    }
    if (fd >= 0) close(fd);
    return NULL;
}

int main(int argc, char **argv) {
    if (argc != 5) return 2;
    port = atoi(argv[1]);
    seconds = atof(argv[2]);
    int connections = atoi(argv[3]);
    path = argv[4];
    pthread_t threads[256];
    if (connections < 1 || connections > 256) return 2;
    double start = now();
    for (int i = 0; i < connections; i++) pthread_create(&threads[i], NULL, worker, NULL);
    for (int i = 0; i < connections; i++) pthread_join(threads[i], NULL);
    printf("%ld %.3f\n", atomic_load(&answered), now() - start);
    return 0;
}
