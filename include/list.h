/* Intrusive doubly linked lists, kernel style. */
#ifndef NFT_LIST_H
#define NFT_LIST_H

#include <stddef.h>
#include <stdbool.h>

struct list_head {
	struct list_head *next, *prev;
};

#define LIST_HEAD_INIT(name) { &(name), &(name) }
#define LIST_HEAD(name) struct list_head name = LIST_HEAD_INIT(name)

#ifndef container_of
#define container_of(ptr, type, member) \
	((type *)((char *)(ptr) - offsetof(type, member)))
#endif

static inline void init_list_head(struct list_head *h)
{
	h->next = h;
	h->prev = h;
}

static inline void list_link_(struct list_head *n, struct list_head *prev,
			      struct list_head *next)
{
	next->prev = n;
	n->next = next;
	n->prev = prev;
	prev->next = n;
}

static inline void list_add(struct list_head *n, struct list_head *head)
{
	list_link_(n, head, head->next);
}

static inline void list_add_tail(struct list_head *n, struct list_head *head)
{
	list_link_(n, head->prev, head);
}

static inline void list_del(struct list_head *e)
{
	e->next->prev = e->prev;
	e->prev->next = e->next;
	e->next = e;
	e->prev = e;
}

static inline bool list_empty(const struct list_head *h)
{
	return h->next == h;
}

static inline bool list_is_singular(const struct list_head *h)
{
	return !list_empty(h) && h->next == h->prev;
}

/* Move all entries of @from to the tail of @to; @from ends up empty. */
static inline void list_splice_tail_init(struct list_head *from,
					 struct list_head *to)
{
	if (list_empty(from))
		return;
	from->next->prev = to->prev;
	to->prev->next = from->next;
	from->prev->next = to;
	to->prev = from->prev;
	init_list_head(from);
}

/* Replace @old by @n in its list. */
static inline void list_replace(struct list_head *old, struct list_head *n)
{
	n->next = old->next;
	n->next->prev = n;
	n->prev = old->prev;
	n->prev->next = n;
	init_list_head(old);
}

#define list_entry(ptr, type, member) container_of(ptr, type, member)
#define list_first_entry(head, type, member) \
	list_entry((head)->next, type, member)
#define list_last_entry(head, type, member) \
	list_entry((head)->prev, type, member)
#define list_next_entry(pos, member) \
	list_entry((pos)->member.next, __typeof__(*(pos)), member)
#define list_prev_entry(pos, member) \
	list_entry((pos)->member.prev, __typeof__(*(pos)), member)

#define list_for_each_entry(pos, head, member)				\
	for (pos = list_entry((head)->next, __typeof__(*pos), member);	\
	     &pos->member != (head);					\
	     pos = list_next_entry(pos, member))

#define list_for_each_entry_reverse(pos, head, member)			\
	for (pos = list_entry((head)->prev, __typeof__(*pos), member);	\
	     &pos->member != (head);					\
	     pos = list_prev_entry(pos, member))

#define list_for_each_entry_safe(pos, tmp, head, member)		\
	for (pos = list_entry((head)->next, __typeof__(*pos), member),	\
	     tmp = list_next_entry(pos, member);			\
	     &pos->member != (head);					\
	     pos = tmp, tmp = list_next_entry(tmp, member))

#define list_for_each_entry_continue(pos, head, member)		\
	for (pos = list_next_entry(pos, member);			\
	     &pos->member != (head);					\
	     pos = list_next_entry(pos, member))

#endif /* NFT_LIST_H */
