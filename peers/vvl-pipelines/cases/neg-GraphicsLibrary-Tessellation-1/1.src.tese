#version 450
layout(triangles, equal_spacing, cw) in;
void main(){
   gl_Position.xyz = gl_TessCoord;
   gl_Position.w = 0;
}
