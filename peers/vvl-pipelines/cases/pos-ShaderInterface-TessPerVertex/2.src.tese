#version 450
layout(triangles, equal_spacing, cw) in;
layout(location=0) in int x[];
void main(){
   gl_Position.xyz = gl_TessCoord;
   gl_Position.w = x[0] + x[1] + x[2];
}
