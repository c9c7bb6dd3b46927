-- PostgreSQL's time for the shop's batched cart writes (decisions 108, 109), without the shop: one statement of 25 adds
-- (+1) and one of 25 edits (−1) on 50-line carts, each op with the cart version the shop would hold. On a database a
-- cart bench left (50 carts of 50 lines, customers 3 to 52):
--   createdb -h 127.0.0.1 -U postgres pgb && taskset -c 1 node --import tsx bench/cart.ts --cart-only --add-only --duration 1 --pg postgres://postgres@127.0.0.1:5432/pgb
--   pgbench -h 127.0.0.1 -U postgres -n -M prepared -c 1 -T 6 -f bench/cart-batch.pgbench.sql pgb; dropdb -h 127.0.0.1 -U postgres pgb
select comptoir_cart_write_many((select json_agg(json_build_array('add', c.customer_id, json_build_array(json_build_array(l.model_id, 1)), 0, json_build_array(c.id, coalesce(v.version, 0)))) from carts c join lateral (select model_id from cart_lines where cart_id = c.id order by model_id limit 1) l on true left join cart_line_versions v on v.cart_id = c.id where c.customer_id between 3 and 27));
select comptoir_cart_write_many((select json_agg(json_build_array('edit', c.customer_id, null, l.model_id, false, -1, json_build_array(c.id, coalesce(v.version, 0)))) from carts c join lateral (select model_id from cart_lines where cart_id = c.id order by model_id limit 1) l on true left join cart_line_versions v on v.cart_id = c.id where c.customer_id between 3 and 27));
