/* The floor for `authflow handle-url`: the least a program can do to hand a URL to a waiting flow, namely start,
 * open one loopback TCP connection, send one HTTP POST with the secret header, and read the status line.
 * Usage: loopback-post PORT SECRET URL   (exit 0 on a 2xx answer) */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc != 4) return 2;
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons((unsigned short)atoi(argv[1]))};
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (fd < 0 || connect(fd, (struct sockaddr *)&address, sizeof address) != 0) return 3;
    char request[8192];
    int length = snprintf(request, sizeof request,
        "POST /.authflow/handoff HTTP/1.1\r\nHost: 127.0.0.1:%s\r\nX-Authflow-Handoff-Secret: %s\r\n"
        "Content-Type: text/plain; charset=utf-8\r\nContent-Length: %zu\r\nConnection: close\r\n\r\n%s",
        argv[1], argv[2], strlen(argv[3]), argv[3]);
    if (length <= 0 || (size_t)length >= sizeof request || write(fd, request, (size_t)length) != length) return 4;
    char reply[512];
    ssize_t count = read(fd, reply, sizeof reply - 1);
    if (count < 12) return 5;
    reply[count] = 0;
    return strncmp(reply + 9, "2", 1) == 0 ? 0 : 1;
}
