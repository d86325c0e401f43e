/* errcap.c -- stderr of the loading phase, captured in a temporary file
 * and replayed (errcap.h). */
#include "driver/errcap.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int saved = -1;   /* the real stderr while capturing, else -1 */
static FILE *tmp;        /* where fd 2 points while capturing */

void ecap_begin(void) {
  pthread_mutex_lock(&lock);
  if (saved < 0) {
    fflush(stderr);
    tmp = tmpfile();
    if (tmp) saved = dup(2);
    if (saved >= 0 && dup2(fileno(tmp), 2) < 0) {
      close(saved);
      saved = -1;
    }
    if (saved < 0 && tmp) { fclose(tmp); tmp = NULL; }
  }
  pthread_mutex_unlock(&lock);
}

char *ecap_end(void) {
  pthread_mutex_lock(&lock);
  char *text = NULL;
  size_t n = 0;
  if (saved >= 0) {
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    saved = -1;
    long len = fseek(tmp, 0, SEEK_END) == 0 ? ftell(tmp) : -1;
    if (len > 0 && fseek(tmp, 0, SEEK_SET) == 0 &&
        (text = malloc((size_t)len + 1)))
      n = fread(text, 1, (size_t)len, tmp);
    fclose(tmp);
    tmp = NULL;
    if (text) {
      text[n] = 0;
      fwrite(text, 1, n, stderr);
      fflush(stderr);
    }
  }
  pthread_mutex_unlock(&lock);
  return text ? text : calloc(1, 1);
}
