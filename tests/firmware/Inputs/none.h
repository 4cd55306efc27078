/* no entry prototype */
#define NONE_OK 0
