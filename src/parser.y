%{
/* stub */
%}
%define api.pure full
%%
input: %empty ;
%%
